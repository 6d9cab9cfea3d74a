import HanJulSystem
import HanJulCore
import HanJulReplay
import HanJulMods
import LuaKit
import HanJulText

/// The state of one test file while it runs: the tests it registered and the mod's log.
final class TestSession {
    let package: ModPackage
    let displayFolder: String
    var tests: [(name: String, function: LuaFunctionRef)] = []
    var log: [String] = []
    let watchdog: LuaWatchdog?
    let clock: TestClock
    /// The games made so far and not closed, oldest first.
    private(set) var games: [Box] = []
    /// The Lua memory those games held when last measured, and the most they may hold.
    private var gameBytes = 0
    let memoryLimit: Int
    /// Where `t.game{ mods = … }` finds the mods it names.
    let resolver: ModResolver

    init(package: ModPackage, displayFolder: String, watchdog: LuaWatchdog?, memoryLimit: Int, clock: TestClock, resolver: ModResolver) {
        self.resolver = resolver
        self.package = package
        self.displayFolder = displayFolder
        self.watchdog = watchdog
        self.memoryLimit = memoryLimit
        self.clock = clock
    }

    /// A game under test, shared by its Lua object's methods.
    final class Box {
        var game: Game<LuaRules>
        /// Events of the last `play`, as words (`cleared:2`, `scored:100`); at most
        /// ``maxEvents`` are kept.
        var events: [String] = []
        /// Set when the test that made the game ended: its Lua states are closed.
        var closed = false
        /// The Lua memory of the game's states when last measured.
        var bytes = 0
        static let maxEvents = 100_000
        init(_ game: Game<LuaRules>) { self.game = game }

        func measure() -> Int { game.rules.mods.reduce(0) { $0 + $1.lua.memoryUsed } }
    }

    /// Closes the Lua states of the games made from index `start` on (those of a test
    /// that ended); their objects then refuse every call.
    func closeGames(from start: Int) {
        guard start < games.count else { return }
        let empty = Game(rules: TestSession.noMods, source: .sequence([0]))
        for box in games[start...] {
            gameBytes -= box.bytes
            box.closed = true
            box.game = empty
            box.events = []
        }
        games.removeSubrange(start...)
    }

    /// Rules without mods: what a closed game holds instead of its states.
    nonisolated(unsafe) static let noMods: LuaRules = try! LuaRules(packages: [], displayFolders: [])

    /// Measures `box` again after it played, and refuses going on past the limits.
    func remeasure(_ box: Box, _ name: String) throws(LuaHostError) {
        let bytes = box.measure()
        gameBytes += bytes - box.bytes
        box.bytes = bytes
        try checkLimits(name)
    }

    func checkLimits(_ name: String) throws(LuaHostError) {
        if clock.isOver { throw LuaHostError("\(name): \(clock.message)") }
        if gameBytes > memoryLimit {
            throw LuaHostError("\(name): this test's games hold \(gameBytes >> 20) MiB of Lua memory; a test may keep \(memoryLimit >> 20) MiB of games at once (its games are closed when it ends): make fewer games per test")
        }
    }

    func hostMethods(_ lua: LuaState) -> [String: LuaHostFunction] {
        [
            "register": { [unowned self] args in
                let name = try args.string(2)
                guard let function = args.value(3).functionValue else {
                    throw LuaHostError("t.test: give a name and a function")
                }
                self.tests.append((visible(name, limit: 120), function))
                return 0
            },
            "new_game": { [unowned self, unowned lua] args in
                let game = try args.unwatched { () throws(LuaHostError) in try self.newGame(args, lua) }
                args.push(game)
                return 1
            },
        ]
    }

    private func newGame(_ args: LuaArguments, _ lua: LuaState) throws(LuaHostError) -> LuaTableRef {
        let spec = try args.table(2)
        // A misspelt or doubled setting would otherwise be ignored without a word.
        let known = ["pieces", "seed", "board", "mods", "level", "lines"]
        for (key, _) in spec.entries() {
            guard let name = key.stringValue, known.contains(name) else {
                let name = visible(key.stringValue ?? key.typeName, limit: 40)
                let hint = key.stringValue.flatMap { LoadedMod.closest($0, in: known) }.map { " (did you mean '\($0)'?)" } ?? ""
                throw LuaHostError("t.game: unknown setting '\(name)'\(hint); t.game takes pieces, seed, board, mods, level and lines")
            }
        }
        if case .nil = spec["pieces"] {} else if case .nil = spec["seed"] {} else {
            throw LuaHostError("t.game: give pieces or seed, not both: pieces deals exactly those letters, over and over; "
                               + "seed deals from the mod's randomizer with that seed")
        }
        try checkLimits("t.game")
        let mods = try modsSetting(spec["mods"])
        let rules: LuaRules
        do throws(ModLoadError) {
            rules = try LuaRules(packages: mods.map(\.package), displayFolders: mods.map(\.displayFolder), watchdog: watchdog)
        } catch {
            throw LuaHostError("t.game: \(error)")
        }
        let source: PieceSource
        if let letters = spec["pieces"].stringValue {
            var kinds: [Int] = []
            for letter in letters where !letter.isWhitespace {
                guard let kind = rules.pieces.kind(forLetter: letter) else {
                    throw LuaHostError("t.game: pieces: '\(letter)' is not a piece letter of these rules (\(rules.pieces.kinds.map { String($0.letter) }.joined(separator: " ")))")
                }
                kinds.append(kind)
            }
            guard !kinds.isEmpty else { throw LuaHostError("t.game: pieces needs at least one letter") }
            source = .sequence(kinds)
        } else if case .nil = spec["pieces"] {
            let seed = spec["seed"]
            if case .nil = seed {
                source = .seeded(1)
            } else if let value = seed.integerValue {
                source = .seeded(UInt64(bitPattern: Int64(value)))
            } else {
                throw LuaHostError("t.game: seed must be an integer")
            }
        } else {
            throw LuaHostError("t.game: pieces must be a string of piece letters, like \"IOT\"")
        }
        var start = GameStart()
        if let literal = spec["board"].stringValue {
            do throws(BoardTextError) {
                start.board = try Board(literal, width: rules.boardWidth, height: rules.boardHeight, pieces: rules.pieces)
            } catch {
                let letters = rules.pieces.kinds.map { String($0.letter) }.joined(separator: " ")
                throw LuaHostError("t.game: board: \(error) (these rules' letters: \(letters); a letter of another mod's pieces needs that mod: t.game{ mods = { … } })")
            }
        } else if case .nil = spec["board"] {} else {
            throw LuaHostError("t.game: board must be a string of rows like [[ ..IIII.... ]]")
        }
        start.level = try Self.number(spec["level"], "level", 1...GameStart.maxLevel) ?? 1
        start.lines = try Self.number(spec["lines"], "lines", 0...GameStart.maxLines) ?? 0
        let box = Box(Game(rules: rules, source: source, start: start))
        if start.board != nil, case .over(.blockedSpawn) = box.game.state.phase {
            throw LuaHostError("t.game: the board overlaps the piece in play at the top; leave the top rows empty")
        }
        box.bytes = box.measure()
        gameBytes += box.bytes
        games.append(box)
        return lua.makeObject(name: "game", methods: Self.gameMethods(box, session: self).mapValues { method in
            { args in
                guard !box.closed else {
                    throw LuaHostError("\(args.functionName): this game was closed when the test that made it ended")
                }
                return try method(args)
            }
        })
    }

    /// `mods = { "garbage", … }`: the mods of the game in order, this one last unless named.
    private func modsSetting(_ value: LuaValue) throws(LuaHostError) -> [ModCompanion] {
        if case .nil = value { return resolver.standing }
        guard let list = value.tableValue, list.entries().count == list.rawLength, list.rawLength <= 16 else {
            throw LuaHostError("t.game: mods must be a list of mod ids like { \"garbage\" } (at most 16)")
        }
        var ids: [String] = []
        for index in 0..<list.rawLength {
            guard let id = list[index + 1].stringValue else { throw LuaHostError("t.game: mods[\(index + 1)] must be a mod id (a string)") }
            ids.append(id)
        }
        do throws(ModLoadError) {
            return try resolver.composition(ids)
        } catch {
            throw LuaHostError("t.game: mods: \(error)")
        }
    }

    /// An optional integer setting in `range`.
    private static func number(_ value: LuaValue, _ name: String, _ range: ClosedRange<Int>) throws(LuaHostError) -> Int? {
        if case .nil = value { return nil }
        guard let number = value.integerValue, range.contains(number) else {
            throw LuaHostError("t.game: \(name) must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    static func gameMethods(_ box: Box, session: TestSession) -> [String: LuaHostFunction] {
        func letter(_ kind: Int) -> String { String(box.game.state.pieces.kinds[kind].letter) }
        var methods: [String: LuaHostFunction] = [
            "play": { [unowned session] args in
                let script = try args.string(2)
                let actions: [Action]
                do throws(ActionScriptError) {
                    actions = try ActionScript.parse(script, allowing: box.game.rules.actions)
                } catch {
                    throw LuaHostError("g:play: \(error)")
                }
                box.events = []
                args.unwatched {
                    for (index, action) in actions.enumerated() {
                        if index & 63 == 63 && session.clock.isOver { break }
                        box.game.apply(action)
                        if box.events.count < Box.maxEvents {
                            box.events += box.game.state.events.map { Self.word($0, letter, box.game.state) }.filter { !$0.isEmpty }
                        }
                    }
                }
                try session.remeasure(box, "g:play")
                return 0
            },
            "board": { args in
                args.push(box.game.state.board.lines(letters: box.game.state.pieces).joined(separator: "\n"))
                return 1
            },
            "events": { args in args.push(box.events.joined(separator: " ")); return 1 },
            "reason": { args in
                switch box.game.state.phase {
                case .playing: args.pushNil()
                case .over(.blockedSpawn): args.push("blocked_spawn")
                case .over(.toppedOut): args.push("topped_out")
                case .over(.outOfPieces): args.push("out_of_pieces")
                case .over(.finished): args.push("finished")
                case .over(.ruleError(let error)): args.push("rule_error: \(error)")
                }
                return 1
            },
            "result": { args in
                guard case .over(.finished(let result)) = box.game.state.phase else { args.pushNil(); return 1 }
                args.push(result.label); args.push(result.value); args.push(result.lowerIsBetter); args.push(result.unit.rawValue)
                // A compound result's tie-break values follow.
                for value in result.then { args.push(value) }
                return 4 + result.then.count
            },
            "dealt_letters": { args in args.push(String(box.game.state.dealt.map { Character(letter(Int($0))) })); return 1 },
            "log": { args in args.push(box.game.rules.mods.flatMap(\.log).joined(separator: "\n")); return 1 },
        ]
        // Every read of the game object, by the same code (one API: the names, arguments
        // and results a hook gets), pointed at this game.
        let bridge = GameBridge()
        bridge.rules = box.game.rules
        for (name, method) in GameAPI.methods(bridge: bridge) where GameAPI.readNames.contains(name) {
            methods[name] = { args in try bridge.inspecting(box.game.state) { try method(args) } }
        }
        for (old, new) in [("hidden", "is_hidden"), ("over", "is_over")] {
            methods[old] = { _ in throw LuaHostError("g:\(old) is now g:\(new), the game object's name (a test game reads like the game)") }
        }
        return methods
    }

    /// An event as one word for `g:events()` (or none: a lock's facts show only a spin,
    /// a combo of 2 or more and a back-to-back, as `spin:full`, `combo:3`, `b2b`).
    static func word(_ event: Event, _ letter: (Int) -> String, _ state: GameState) -> String {
        switch event {
        case .moved: "moved"
        case .rotated(_, let kick): "rotated:\(kick)"
        case .dropped(let rows): "dropped:\(rows)"
        case .locked(let piece): "locked:\(letter(piece.kind))"
        case .cleared(let count, _): "cleared:\(count)"
        case .scored(let points, _): "scored:\(points)"
        case .spawned(let piece): "spawned:\(letter(piece.kind))"
        case .held(let kind): "held:\(letter(kind))"
        case .boardEdited: "board_edited"
        case .gameOver: "game_over"
        case .lockFacts(let facts):
            [facts.spin == .none ? "" : "spin:\(facts.spin.rawValue)", facts.combo >= 2 ? "combo:\(facts.combo)" : "",
             facts.backToBack ? "b2b" : ""].filter { !$0.isEmpty }.joined(separator: " ")
        case .announced(let number): "callout:" + String((state.callout(number: number) ?? "").map { $0 == " " ? "_" : $0 })
        }
    }
}
