import HanJulCore
import HanJulFiles
import HanJulCodec
import HanJulMods
import HanJulReplay
import HanJulTerminal

/// The fuzz targets of RELIABILITY §4 (F-5), as plain functions: the libFuzzer driver in
/// `Fuzz/` calls them for each input, and `FuzzRegressionTests` replays every file of
/// `Fuzz/regressions/<target>/` through them in normal test runs.
///
/// Each returns nil when the input was handled correctly (accepted, or refused with a
/// typed error) and a description when an oracle failed. A crash or a trap is a failure
/// too, found by the fuzzer (and by the test process dying).
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `ActionScript.parse`: accepts or names a position; accepted scripts round-trip.
    case actionScript = "action-script"
    /// `ReplayFile.decode(bytes:)`: a typed error, or a replay that re-encodes to itself and,
    /// under the standard rules, verifies without trapping.
    case replay
    /// `KeyDecoder`: never traps; the same keys whether bytes arrive at once or one by one.
    case keyDecoder = "key-decoder"
    /// The mod loader: the input is a mod.lua, loaded in the real sandbox through
    /// `LuaRules`, then a short game is played under it.
    case modLoader = "mod-loader"
    /// The host functions: the input chooses `game:` methods and hostile arguments; the
    /// calls run inside a hook of a real game.
    case hostAPI = "host-api"
    /// `JSON.parse` and the record format: typed errors; what parses round-trips.
    case record
    /// The game API with extreme and random integers and row masks (#15 items 1, 2): the
    /// input picks a board (4, 10, 63 or 64 wide), `game:` calls with raw 64-bit integers,
    /// the native helpers (`best_placement` with weight tables, `settle`), and what the value hooks (`level`, `scoring`, `gravity`, `hard_drop_points`, `spawn`,
    /// `rotate`) return; then a game is played and its invariants checked. Nothing may trap.
    case gameAPI = "game-api"
    /// The versus protocol's frames and messages from a hostile peer, played into a match
    /// whose attack is a mod's extreme value (`FuzzTargets.netFrames`).
    case netFrames = "net-frames"
    /// `hanjul serve`'s request stream, under the standard rules or extreme value hooks
    /// (`ServeFuzzing`).
    case serveProtocol = "serve-protocol"

    /// Runs one input.
    public func run(_ bytes: [UInt8]) -> String? {
        switch self {
        case .actionScript: FuzzTargets.actionScript(bytes)
        case .replay: FuzzTargets.replay(bytes)
        case .keyDecoder: FuzzTargets.keyDecoder(bytes)
        case .modLoader: FuzzTargets.modLoader(bytes)
        case .hostAPI: FuzzTargets.hostAPI(bytes)
        case .record: FuzzTargets.record(bytes)
        case .gameAPI: FuzzTargets.gameAPI(bytes)
        case .netFrames: FuzzTargets.netFrames(bytes)
        case .serveProtocol: FuzzTargets.serveProtocol(bytes)
        }
    }
}

/// Every action on, with the Guideline's lock delay.
struct LockDelayFuzzRules: Rules {
    var name: String { "lock-delay-fuzz" }
    var allowsCounterclockwise: Bool { true }
    var allowsHalfTurn: Bool { true }
    var holdEnabled: Bool { true }
    var lockDelay: LockDelay? { .guideline }
}

enum FuzzTargets {
    static func actionScript(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        let allowed: Set<Action.Kind> = bytes.first.map { $0 & 1 == 0 ? Action.standard : Action.allKinds } ?? Action.standard
        do throws(ActionScriptError) {
            let actions = try ActionScript.parse(text, allowing: allowed)
            let again = try? ActionScript.parse(ActionScript.text(of: actions), allowing: allowed)
            if again != actions { return "round trip changed the actions" }
            // Play them: every accepted script must run to completion under the standard rules.
            var game = Game(rules: StandardRules(), source: .seeded(UInt64(bytes.count)))
            game.apply(actions.filter { Action.standard.contains($0.kind) })
            // And under a lock delay with every action on: the piece in play always fits.
            var delayed = Game(rules: LockDelayFuzzRules(), source: .seeded(UInt64(bytes.count)))
            for action in actions where !delayed.state.isOver {
                delayed.apply(action)
                if !delayed.state.isOver && !delayed.state.fits(delayed.state.piece) { return "lock delay: the piece stopped fitting" }
            }
        } catch {
            if error.position < 1 || error.position > text.count { return "error position \(error.position) out of range" }
            _ = error.description
        }
        return nil
    }

    static func replay(_ bytes: [UInt8]) -> String? {
        // Raw bytes as a file, and the same bytes wrapped as a valid record around a
        // fuzzed payload (so the fuzzer reaches the field checks past the checksum).
        var inputs = [bytes]
        if let payload = try? JSON.parse(bytes, maxDepth: 32, maxBytes: 1 << 20),
           let wrapped = try? RecordFile.encode(payload, kind: ReplayFile.kind, version: ReplayFile.version) {
            inputs.append(wrapped)
        }
        for input in inputs {
            let decoded: Replay
            do throws(ReplayFile.ReadError) {
                decoded = try ReplayFile.decode(bytes: input)
            } catch {
                _ = error.description
                continue
            }
            guard let again = try? ReplayFile.decode(bytes: ReplayFile.encode(decoded)), again == decoded else {
                return "a decoded replay does not survive encode + decode"
            }
            if decoded.rules.mods.isEmpty && decoded.actions.count <= 20_000 {
                _ = decoded.verify(with: Game(rules: StandardRules(), source: decoded.source))
            }
        }
        return nil
    }

    static func keyDecoder(_ bytes: [UInt8]) -> String? {
        var whole = KeyDecoder()
        var keysAtOnce = whole.feed(bytes)
        keysAtOnce += whole.flushPendingEscape()
        var split = KeyDecoder()
        var keysOneByOne: [Key] = []
        for byte in bytes { keysOneByOne += split.feed([byte]) }
        keysOneByOne += split.flushPendingEscape()
        if keysAtOnce != keysOneByOne { return "keys differ when the bytes arrive one by one" }
        if whole.hasPendingInput || split.hasPendingInput { return "input still pending after a flush" }
        // Chunked at fuzzer-chosen points, with an escape timeout at each break.
        var chunked = KeyDecoder()
        var index = 0
        var step = 1
        while index < bytes.count {
            let end = min(bytes.count, index + step)
            _ = chunked.feed(bytes[index..<end])
            if bytes[index] & 0x80 != 0 { _ = chunked.flushPendingEscape() }
            step = Int(bytes[index] % 7) + 1
            index = end
        }
        _ = chunked.flushPendingEscape()
        return nil
    }

    static func modLoader(_ bytes: [UInt8]) -> String? {
        // The folder takes the id the source declares (`id = "x"`), so seeds get past the
        // id check into the rest of the manifest and the hooks.
        var id = "fuzz"
        let marker = Array("id = \"".utf8)
        if let start = bytes.indices.first(where: { bytes[$0...].starts(with: marker) }) {
            let rest = bytes[(start + marker.count)...].prefix { $0 != UInt8(ascii: "\"") }
            let declared = String(decoding: rest, as: UTF8.self)
            if ModPackage.isValidID(declared) { id = declared }
        }
        return play(ModPackage(id: id, folder: "Mods/" + id, files: ["mod.lua": bytes]), actions: "HLRCHDGHGGH")
    }

    /// Loads a package and plays a short game; a ModLoadError or a rule error is a fine
    /// outcome. Only crashes (and hangs, which libFuzzer reports) are failures.
    static func play(_ package: ModPackage, actions: String) -> String? {
        let rules: LuaRules
        do throws(ModLoadError) {
            rules = try LuaRules(packages: [package], displayFolders: [package.folder])
        } catch {
            _ = error.description
            return nil
        }
        var game = Game(rules: rules, source: .seeded(7))
        guard let parsed = try? ActionScript.parse(actions, allowing: rules.actions) else { return nil }
        for action in parsed where !game.state.isOver { game.apply(action) }
        if case .over(.ruleError(let error)) = game.state.phase { _ = error.description }
        let board = game.state.board
        if board.width != rules.boardWidth || board.height != rules.boardHeight { return "the board changed size" }
        return nil
    }

    static let methods = [
        "width", "height", "cell", "row", "is_hidden", "piece", "queue", "kinds", "held", "last_move", "score", "lines",
        "level", "dealt", "pieces_locked", "tick", "is_over", "fits", "random", "set_cell", "set_hidden", "insert_row",
        "push_row", "remove_row", "clear_board", "clear_lines", "add_score", "set_queue", "finish",
    ]

    static let values = [
        "nil", "true", "false", "0", "1", "-1", "2", "3", "9", "10", "19", "20", "63", "64", "1023", "0/0", "math.huge",
        "-math.huge", "math.maxinteger", "math.mininteger", "2^63", "-(2^63)", "-0.0", "1e308", "0.5", "''", "'T'", "'I'",
        "'O'", "'\\0'", "'TT'", "'\\27[2J'", "string.rep('Z', 70000)", "'12'", "{}", "evil", "print", "game",
        "coroutine.create(print)", "setmetatable({}, {__index = function() return 1 end})",
    ]

    static let hooks: [(name: String, returns: String)] = [
        ("on_spawn", ""), ("on_lock", ""), ("on_tick", ""), ("next_piece", "return 'T'"), ("scoring", "return 0"),
        ("on_clear", ""), ("rotate", "return nil"), ("spawn", "return 3, 0, 0"),
    ]

    static func hostAPI(_ bytes: [UInt8]) -> String? {
        guard let first = bytes.first else { return nil }
        let hook = hooks[Int(first) % hooks.count]
        var lines: [String] = []
        var i = 1
        while i + 1 < bytes.count && lines.count < 64 {
            let method = methods[Int(bytes[i] % UInt8(methods.count))]
            let count = Int(bytes[i + 1] % 6)
            i += 2
            var args: [String] = []
            while args.count < count && i < bytes.count {
                args.append(values[Int(bytes[i]) % values.count])
                i += 1
            }
            let call = (["game"] + args).joined(separator: ", ")
            // The high bit leaves a call unprotected: its error must end the game cleanly.
            lines.append(bytes[i - 1] & 0x80 != 0 && args.count == count
                         ? "game[\"\(method)\"](\(call))" : "pcall(game[\"\(method)\"], \(call))")
        }
        let source = """
            local evil = setmetatable({}, { __index = function() error("evil index") end,
              __tostring = function() error("evil tostring") end, __len = function() return 0/0 end,
              __eq = function() error("evil eq") end, __lt = function() error("evil lt") end })
            return {
              id = "fuzz", name = "fuzz", version = "1", description = "host API fuzz", api = 1,
              counterclockwise = true, hold = true,
              \(hook.name) = function(game, ...)
                \(lines.joined(separator: "\n    "))
                \(hook.returns)
              end,
            }
            """
        return play(ModPackage(id: "fuzz", folder: "Mods/fuzz", files: ["mod.lua": Array(source.utf8)]), actions: "HGLRCAXHDGHHGG")
    }

    // MARK: game-api

    static let gameMethods = [
        "cell", "row", "is_hidden", "fits", "random", "set_cell", "set_hidden", "insert_row", "push_row", "remove_row",
        "clear_board", "clear_lines", "add_score", "set_queue", "finish", "placements", "board", "score", "lines", "level",
        "piece", "width", "height", "best_placement", "settle",
    ]

    /// Reads the input as a stream: bytes, and 64-bit words (little-endian), zero past the end.
    struct Stream {
        let bytes: [UInt8]
        var index = 0
        mutating func byte() -> UInt8 {
            defer { index += 1 }
            return index < bytes.count ? bytes[index] : 0
        }
        mutating func word() -> UInt64 {
            (0..<8).reduce(UInt64(0)) { value, shift in value | UInt64(byte()) << (8 * UInt64(shift)) }
        }
        var atEnd: Bool { index >= bytes.count }
    }

    /// A Lua integer literal with exactly the bits of `word` (a hex literal wraps modulo
    /// 2^64 in Lua, so bit 63 gives a negative integer, as for masks of column 63).
    static func integer(_ word: UInt64) -> String { "0x" + String(word, radix: 16) }

    /// One argument: a raw 64-bit integer most of the time, else an edge value.
    static func argument(_ input: inout Stream) -> String {
        let kind = input.byte()
        switch kind % 16 {
        case 0...6: return integer(input.word())
        case 7: return String(Int(Int8(bitPattern: input.byte())))  // a small coordinate
        case 8: return ["math.maxinteger", "math.mininteger", "-1", "0", "63", "64", "1 << 63", "~0", "-(1 << 62)"][Int(input.byte()) % 9]
        case 9: return ["0/0", "1/0", "-1/0", "2^63", "-(2^63)", "1e308", "0.5", "-0.0", "2^53 + 1.0"][Int(input.byte()) % 9]
        case 10: return ["'I'", "'O'", "'T'", "'S'", "'Z'", "'J'", "'L'", "'Q'", "''", "'TT'"][Int(input.byte()) % 10]
        case 11: return "math.random(0)"  // random 64 bits from the game's generator
        case 12: return "((1 << width) - 1)"  // a full row of this board
        case 13: return "(1 << (width - 1))"  // its last column alone
        case 14: return "nil"
        case 15 where input.byte() % 2 == 0:
            // A weight table for best_placement: raw integers, or an edge float.
            let keys = ["lines", "holes", "height", "aggregate_height", "bumpiness"]
            return "{" + keys.map { "\($0) = \(integer(input.word()))" }.joined(separator: ", ") + "}"
        default: return "true"
        }
    }

    static func gameAPI(_ bytes: [UInt8]) -> String? {
        var input = Stream(bytes: bytes)
        let width = [4, 10, 63, 64][Int(input.byte() % 4)]
        let height = [4, 20, 64][Int(input.byte() % 3)]
        // The value hooks return raw words from the input (or an edge value).
        let level = argument(&input), scoring = argument(&input), gravity = argument(&input)
        let drop = argument(&input), spawnX = argument(&input), spawnY = argument(&input)
        let rotateX = argument(&input), rotateY = argument(&input)
        var calls: [String] = []
        while !input.atEnd && calls.count < 48 {
            let method = gameMethods[Int(input.byte()) % gameMethods.count]
            let count = Int(input.byte() % 5)
            let args = (0..<count).map { _ in argument(&input) }
            calls.append("pcall(game.\(method), game\(args.map { ", " + $0 }.joined()))")
        }
        let source = """
            local width = \(width)
            return {
              id = "fuzz", name = "fuzz", version = "1", description = "game API fuzz", api = 1,
              board = { width = \(width), height = \(height) }, counterclockwise = true, hold = true,
              on_lock = function(game)
                \(calls.joined(separator: "\n    "))
              end,
              level = function(lines, base) return \(level) end,
              scoring = function(game, lines, level, base) return \(scoring) end,
              gravity = function(level, base) return \(gravity) end,
              hard_drop_points = function(rows, base) return \(drop) end,
              spawn = function(game, letter) if game:pieces_locked() % 2 == 1 then return \(spawnX), \(spawnY), 0 end end,
              rotate = function(game, letter, rotation, x, y, direction) return \(rotateX), \(rotateY), rotation end,
            }
            """
        let rules: LuaRules
        do throws(ModLoadError) {
            rules = try LuaRules(packages: [ModPackage(id: "fuzz", folder: "Mods/fuzz", files: ["mod.lua": Array(source.utf8)])],
                                 displayFolders: ["Mods/fuzz"])
        } catch {
            _ = error.description
            return nil
        }
        var game = Game(rules: rules, source: .seeded(UInt64(bytes.count)))
        for action in [Action.hardDrop, .rotate, .gravity, .hardDrop, .left, .rotateCounterclockwise, .hold, .softDrop, .hardDrop, .hardDrop] {
            if game.state.isOver { break }
            let before = game.state
            game.apply(action)
            // What play and replay ask after every action: never a trap, always in range (0:
            // instant gravity, which the engine knows of too).
            let interval = rules.gravityInterval(level: game.state.level)
            if interval != 0 && (interval < 16 || interval > 10_000) { return "gravity interval \(interval) out of range" }
            if game.state.instantGravity != (interval == 0) { return "instant gravity \(game.state.instantGravity) with an interval of \(interval) ms" }
            if let problem = invariantProblem(before: before, after: game.state) { return problem }
        }
        if case .over(.ruleError(let error)) = game.state.phase { _ = error.description }
        _ = StandardRules.gravityInterval(level: game.state.level)
        return nil
    }

    /// The engine's promises after any action, whatever the mod did.
    static func invariantProblem(before: GameState, after: GameState) -> String? {
        let board = after.board
        for y in 0..<board.height {
            var mask: UInt64 = 0
            for x in 0..<board.width where board.kind(atX: x, y: y) != nil { mask |= 1 << UInt64(x) }
            if mask != board.rows[y] { return "row \(y): mask \(board.rows[y]) does not match its cells \(mask)" }
            if board.rows[y] & ~board.fullRow != 0 { return "row \(y) has bits outside the board" }
        }
        if !after.isOver && !after.fits(after.piece) { return "the piece in play does not fit" }
        if after.lines < before.lines { return "lines went down" }
        if after.level < 1 { return "level \(after.level)" }
        return nil
    }

    static func record(_ bytes: [UInt8]) -> String? {
        do {
            let value = try JSON.parse(bytes, maxDepth: 64, maxBytes: 1 << 20)
            if let out = try? value.serialized() {
                guard let again = try? JSON.parse(out), again == value else { return "JSON round trip changed the value" }
                guard (try? again.serialized()) == out else { return "JSON serialization is not deterministic" }
            }
        } catch {
            if error.offset < 0 || error.offset > bytes.count { return "JSON error offset out of range" }
        }
        do throws(RecordFile.ReadError) {
            let record = try RecordFile.decode(bytes, kind: "scores", supportedVersion: 1)
            guard let encoded = try? RecordFile.encode(record.payload, kind: record.kind, version: record.version),
                  (try? RecordFile.decode(encoded, kind: "scores", supportedVersion: 1)) == record else {
                return "a record does not survive encode + decode"
            }
        } catch {
            _ = error.description
        }
        return nil
    }
}
