import HanJulCore
import LuaKit
import HanJulText

/// A rule set made of mods: the standard rules, with each mod's data and hooks applied in
/// the order the mods were given.
///
/// Composition (docs/MODDING.md): data (`board`, `pieces`, `preview`, `kicks`) and the
/// hooks `next_piece`, `spawn` and `rotate` come from the last mod that sets them;
/// `scoring`, `level`, `gravity` and `hard_drop_points` chain, each mod receiving the
/// value the ones before it produced (the standard rule's value first); the `on_…` hooks
/// all run, in order.
public final class LuaRules: Rules {
    package let mods: [LoadedMod]
    public let name: String
    public let boardWidth: Int
    public let boardHeight: Int
    public let pieces: PieceSet
    public let previewCount: Int
    /// The offsets of every turn the kick table does not set (the mods' list form, or the
    /// standard six).
    public let kicks: [Cell]
    /// The rotation system: offsets per kind and turn.
    public let kickTable: KickTable
    /// Stands for `kickTable` when no mod turns pieces with a `rotate` hook.
    public var fixedKicksToken: FixedKicksToken? { has(.rotate) ? nil : kicksToken }
    private let kicksToken = FixedKicksToken()
    /// Whether a mod gave kinds new rotation states (`rotations`).
    private let changesRotations: Bool
    /// A rotation system of the mods' own (a kick table, rotation states or a `rotate` hook)
    /// is searched with turns where pieces land too (see `Rules.searchesTurnsAtLanding`).
    public var searchesTurnsAtLanding: Bool { ownRotationData || has(.rotate) }
    private let ownRotationData: Bool
    public var observesMoves: Bool { has(.afterMove) }
    public let allowsCounterclockwise: Bool
    public let holdEnabled: Bool
    public let allowsHalfTurn: Bool
    public let lockDelay: LockDelay?
    /// The last mod's `result` declaration.
    public let resultFormat: ResultFormat?
    /// The last mod's `goal`.
    public let goal: GameGoal?
    public var checksInvariants: Bool { true }
    /// A `spawn` hook may place a piece above the field (`Mods/guideline` does): screens
    /// draw the rows there. Decided without asking the hook (it needs a game).
    public var spawnsAboveField: Bool { has(.spawn) }

    /// The state hooks without a game (`level`, `gravity`, `hard_drop_points`) point at.
    private let scratch = GameState.placeholder

    /// What the rules were made from, for `lookahead`.
    private let packages: [ModPackage]
    private let displayFolders: [String]
    private let watchdog: LuaWatchdog?
    /// `gravityInterval(level:)` by level: the hook runs once per level (the engine asks
    /// first, when the level changes), so front ends that ask every frame change nothing.
    private var gravityCache: [Int: Int] = [:]

    /// The rules for a bot's lookahead (`Rules.lookahead`): a second copy of the same mods,
    /// in their own Lua states, so that their spawn and rotate hooks may run any number of
    /// times without touching the game's Lua states; these rules themselves when no mod has
    /// either hook (a search's questions are then answered natively and run no Lua, and a
    /// game needs no second set of Lua states).
    public var lookahead: LuaRules { has(.spawn) || has(.rotate) ? lookaheadCopy : self }

    /// The copy `lookahead` answers from, built on first use; it reports its hooks' failures
    /// to these rules' `warnings`. Should it fail to load (it loaded once already: memory,
    /// say), the search asks these rules, and that is a warning too.
    private lazy var lookaheadCopy: LuaRules = {
        do throws(ModLoadError) {
            return try LuaRules(packages: packages, displayFolders: displayFolders, watchdog: watchdog,
                                warnings: hookWarnings, isLookahead: true)
        } catch {
            hookWarnings.report(RuleError(hook: "lookahead", message: "the bot's copy of the mods did not load: \(error)"),
                                fallback: "the game's own Lua states for the bot's search", lookahead: false)
            return self
        }
    }()

    /// Where hook failures the game goes on from are reported (shared with `lookaheadCopy`).
    private let hookWarnings: HookWarnings
    /// Whether these rules are another rules' `lookaheadCopy`.
    private let isLookahead: Bool

    /// The failures of hooks the game went on from with a default (`gravity`,
    /// `hard_drop_points`, `soft_drop_points`, `spawn`, and the bot's lookahead copy of the
    /// mods): each once per mod and hook, oldest first. See `HookWarnings`.
    public var warnings: [RuleError] { hookWarnings.list }

    /// Per hook (by `Hook.slot`), the mods that define it, in the order they run.
    private let chainTable: [[(mod: LoadedMod, function: LuaFunctionRef)]]
    /// Kind index by letter byte (−1: not a letter of the piece set), for `next_piece`.
    private let kindByLetter: [Int8]

    /// Bit `hook.slot` set when some mod defines the hook: the engine asks for most hooks
    /// on every piece, and a hook no mod defines is then one bit test, not an array fetch.
    private let defined: UInt32

    private func chain(_ hook: Hook) -> [(mod: LoadedMod, function: LuaFunctionRef)] { chainTable[hook.slot] }

    /// Whether some mod defines `hook`.
    public func defines(_ hook: Hook) -> Bool { has(hook) }
    @inline(__always) private func has(_ hook: Hook) -> Bool { defined & (1 << UInt32(hook.slot)) != 0 }

    /// The rules identity for results and replays: ids, versions and hashes.
    public var identity: RulesIdentity {
        RulesIdentity(name: name, mods: mods.map {
            .init(id: $0.manifest.id, version: $0.manifest.version, sha256: $0.package.sha256)
        })
    }

    /// The manifests, in order.
    public var manifests: [ModManifest] { mods.map(\.manifest) }

    /// Loads mods into fresh Lua states and composes them.
    ///
    /// - Parameter checksDependencies: whether each mod's `requires` and `after` must be met
    ///   by the mods given (`false` only to read a mod's manifest alone: `hanjul mods`).
    public convenience init(packages: [ModPackage], displayFolders: [String], watchdog: LuaWatchdog? = nil,
                            checksDependencies: Bool = true) throws(ModLoadError) {
        try self.init(packages: packages, displayFolders: displayFolders, watchdog: watchdog, warnings: HookWarnings(), isLookahead: false)
        if checksDependencies { try Self.checkDependencies(manifests) }
    }

    private init(packages: [ModPackage], displayFolders: [String], watchdog: LuaWatchdog?,
                 warnings: HookWarnings, isLookahead: Bool) throws(ModLoadError) {
        precondition(packages.count == displayFolders.count)
        hookWarnings = warnings
        self.isLookahead = isLookahead
        var loaded: [LoadedMod] = []
        for (package, folder) in zip(packages, displayFolders) {
            guard !loaded.contains(where: { $0.package.id == package.id }) else {
                throw .conflict("mod '\(package.id)' is given twice")
            }
            loaded.append(try LoadedMod(package: package, displayFolder: folder, watchdog: watchdog))
        }
        mods = loaded
        self.packages = packages
        self.displayFolders = displayFolders
        self.watchdog = watchdog
        name = loaded.isEmpty ? "standard" : loaded.map(\.package.id).joined(separator: "+")
        let size = loaded.last { $0.boardSize != nil }?.boardSize ?? (10, 20)
        boardWidth = size.width
        boardHeight = size.height
        let base = loaded.last { $0.pieces != nil }?.pieces ?? .standard
        let extras = loaded.flatMap(\.extraPieces)
        var pieces: PieceSet
        if extras.isEmpty {
            pieces = base
        } else {
            do throws(PieceSetError) {
                pieces = try PieceSet(base.kinds + extras)
            } catch {
                let ids = loaded.filter { !$0.extraPieces.isEmpty }.map(\.package.id)
                throw .manifest(id: ids.joined(separator: "+"), reason: "extra_pieces: \(error)")
            }
        }
        // `rotations`: a mod's states replace those of the kinds it names (the last mod's win).
        if loaded.contains(where: { !$0.rotations.isEmpty }) {
            var kinds = pieces.kinds
            for mod in loaded {
                for letter in mod.rotations.keys.sorted() {
                    guard let index = kinds.firstIndex(where: { String($0.letter) == letter }) else {
                        throw .manifest(id: mod.package.id, reason: "rotations.\(letter): '\(letter)' is not a piece letter (\(kinds.map { String($0.letter) }.joined(separator: " ")))")
                    }
                    kinds[index].rotations = mod.rotations[letter]!
                }
            }
            do throws(PieceSetError) {
                pieces = try PieceSet(kinds)
            } catch {
                let ids = loaded.filter { !$0.rotations.isEmpty }.map(\.package.id)
                throw .manifest(id: ids.joined(separator: "+"), reason: "rotations: \(error)")
            }
            changesRotations = true
        } else {
            changesRotations = false
        }
        self.pieces = pieces
        previewCount = loaded.last { $0.preview != nil }?.preview ?? 1
        let kickMod = loaded.last { $0.kicks != nil }
        let table: KickTable
        do throws(LuaHostError) {
            table = try kickMod?.kicks?.table(for: pieces) ?? .standard
        } catch {
            throw .manifest(id: kickMod?.package.id ?? "", reason: error.message)
        }
        kickTable = table
        kicks = table.fallback
        ownRotationData = changesRotations || table != .standard
        allowsCounterclockwise = loaded.last { $0.counterclockwise != nil }?.counterclockwise ?? false
        holdEnabled = loaded.last { $0.hold != nil }?.hold ?? false
        allowsHalfTurn = loaded.last { $0.halfTurn != nil }?.halfTurn ?? false
        lockDelay = loaded.last { $0.lockDelay != nil }?.lockDelay.flatMap { $0 }
        resultFormat = loaded.last { $0.resultFormat != nil }?.resultFormat
        goal = loaded.last { $0.goal != nil }?.goal
        var chains = Array(repeating: [(mod: LoadedMod, function: LuaFunctionRef)](), count: Hook.allCases.count)
        for hook in Hook.allCases {
            let defining = loaded.compactMap { mod in mod.hooks[hook].map { (mod: mod, function: $0) } }
            switch hook.composition {
            case .lastWins: chains[hook.slot] = Array(defining.suffix(1))
            case .chain, .all: chains[hook.slot] = defining
            }
        }
        chainTable = chains
        guard pieces.kinds.contains(where: \.inBag) || !chains[Hook.nextPiece.slot].isEmpty else {
            throw .conflict("every piece has bag = false and no mod has next_piece: nothing would be dealt")
        }
        defined = Hook.allCases.reduce(0) { bits, hook in chains[hook.slot].isEmpty ? bits : bits | 1 << UInt32(hook.slot) }
        var letters = [Int8](repeating: -1, count: 256)
        for (index, kind) in pieces.kinds.enumerated() { letters[Int(kind.letter.asciiValue!)] = Int8(index) }
        kindByLetter = letters
        for mod in loaded {
            mod.bridge.kickTable = table
            mod.bridge.rules = self
            mod.bridge.resultFormat = resultFormat
        }
        // A piece set must fit the board at spawn: checked here so the error names the mods.
        let spawnWidth = pieces.maxExtent
        guard spawnWidth <= boardWidth else {
            throw .conflict("the pieces (\(spawnWidth) cells wide) do not fit a board \(boardWidth) wide")
        }
    }

    // MARK: Calling hooks

    /// Calls `function` of `mod` with the bridge on `state`; converts every failure.
    /// Hooks get the game object as their first argument, but for `level`, `gravity` and
    /// `hard_drop_points`, which compute a curve and see no game.
    private func call<T>(_ mod: LoadedMod, _ function: LuaFunctionRef, hook: Hook, _ state: inout GameState,
                         push: (LuaArguments) -> Void, read: (LuaArguments) throws -> T) throws(RuleError) -> T {
        let result: T = try mod.bridge.with(&state, hook: hook) { () throws(RuleError) -> T in
            try invoke(mod, function, hook: hook, push: push, read: read)
        }
        if mod.bridge.pushedOffTop {
            mod.bridge.pushedOffTop = false
            state.end(.toppedOut)
        }
        return result
    }

    /// `call` for hooks that only read the game (no copy of the state is made).
    private func read<T>(_ mod: LoadedMod, _ function: LuaFunctionRef, hook: Hook, _ state: GameState,
                         push: (LuaArguments) -> Void, read: (LuaArguments) throws -> T) throws(RuleError) -> T {
        try mod.bridge.reading(state, hook: hook) { () throws(RuleError) -> T in
            try invoke(mod, function, hook: hook, push: push, read: read)
        }
    }

    private func invoke<T>(_ mod: LoadedMod, _ function: LuaFunctionRef, hook: Hook,
                           push: (LuaArguments) -> Void, read: (LuaArguments) throws -> T) throws(RuleError) -> T {
        let passesGame = hook != .level && hook != .gravity && hook != .hardDropPoints && hook != .softDropPoints
        do throws(LuaError) {
            return try mod.lua.call(function, resultCount: 4, push: { args in
                if passesGame { args.push(mod.game) }
                push(args)
            }, read: read)
        } catch {
            throw mod.ruleError(error, hook: hook, function: function)
        }
    }

    private func runAll(_ hook: Hook, _ state: inout GameState, push: (LuaArguments) -> Void = { _ in }) throws(RuleError) {
        guard has(hook) else { return }
        let chain = chain(hook)
        for (mod, function) in chain {
            if state.isOver { return }
            try call(mod, function, hook: hook, &state, push: push, read: { _ in () })
        }
    }

    /// Reports a hook's failure the game goes on from, with what it used instead.
    private func warn(_ error: RuleError, fallback: String) {
        hookWarnings.report(error, fallback: fallback, lookahead: isLookahead)
    }

    /// A returned value as a message shows it: its type, and the value itself where it
    /// is short (`string "12"`, `number 1.5`, `boolean true`, `nil`, `table`).
    static func shown(_ value: LuaValue) -> String {
        switch value {
        case .nil: "nil"
        case .boolean(let b): "boolean \(b)"
        case .integer(let i): "integer \(i)"
        case .number(let d): "number \(d.isNaN ? "nan" : String(describing: d))"
        case .string(let text): "string \"\(text.sanitized(maxBytes: 40))\""
        default: value.typeName
        }
    }

    /// Reads result 1 as an integer, with a message a mod author can act on.
    /// Called inside a non-escaping closure at each use: a closure returned from here
    /// would be a heap object per hook call (`scoring` and `level` run on many locks).
    private static func integerResult(_ results: LuaArguments, _ hook: Hook) throws -> Int {
        switch results.value(1) {
        case .integer(let value): return value
        case .number(let value) where value.isFinite && value == value.rounded() && abs(value) < 9.0e15: return Int(value)
        case let other: throw LuaHostError("\(hook.rawValue) must return an integer, not \(Self.shown(other))")
        }
    }

    // MARK: Rules

    public func nextKind(_ state: inout GameState) throws(RuleError) -> Int {
        guard has(.nextPiece), let (mod, function) = chain(.nextPiece).first else { return state.drawFromBag() }
        // Called for every piece: the closure reads `self`'s tables in place rather than
        // copying the piece set and the letter table out of the state first (each copy is
        // a retain and a release per array). The game's pieces are these rules' pieces.
        return try call(mod, function, hook: .nextPiece, &state, push: { _ in }, read: { results in
            if let byte = results.singleByte(1), self.kindByLetter[Int(byte)] >= 0 { return Int(self.kindByLetter[Int(byte)]) }
            throw LuaHostError("next_piece must return a piece letter (\(self.pieces.kinds.map { String($0.letter) }.joined(separator: " "))), not \(Self.shown(results.value(1)))")
        })
    }

    public func lineClearPoints(lines: Int, level: Int, state: GameState) throws(RuleError) -> Int {
        var points = StandardRules.linePoints(lines: lines, level: level)
        guard has(.scoring) else { return points }
        let chain = chain(.scoring)
        for (mod, function) in chain {
            let base = points
            points = try read(mod, function, hook: .scoring, state, push: { args in
                args.push(lines); args.push(level); args.push(base)
            }, read: { try Self.integerResult($0, .scoring) })
        }
        return points
    }

    /// How garbage arrives in versus: the last mod's `garbage`, or nil when none sets it.
    public var garbage: GarbageRules? { mods.last { $0.garbage != nil }?.garbage }

    /// The lines the latest lock of `state` sends in versus: the `attack` chain, each mod
    /// given the lock's facts (`lock_facts()` and `perfect_clear`) and the lines so far,
    /// from 0. 0 before the first lock or when no mod defines `attack`.
    public func attack(after state: GameState) throws(RuleError) -> Int {
        guard has(.attack), let facts = state.lastLock else { return 0 }
        let letter = state.pieces.kinds[facts.piece.kind].letter
        let perfect = facts.lines > 0 && state.board.filledCount == 0
        let lastMove: LuaValue = facts.lastMove.flatMap { GameAPI.moveNames[$0] }.map { .string(LuaString($0)) } ?? .nil
        func pushFacts(_ args: LuaArguments) {
            args.pushTable([
                "letter": .string(LuaString(String(letter))), "rotation": .integer(facts.piece.rotation),
                "x": .integer(facts.piece.x), "y": .integer(facts.piece.y),
                "lines": .integer(facts.lines), "spin": .string(LuaString(facts.spin.rawValue)),
                "combo": .integer(facts.combo), "back_to_back": .boolean(facts.backToBack),
                "perfect_clear": .boolean(perfect), "last_move": lastMove,
                "kick": facts.kick.map { .integer($0) } ?? .nil,
            ])
        }
        var lines = 0
        for (mod, function) in chain(.attack) {
            let base = lines
            lines = try read(mod, function, hook: .attack, state, push: { args in
                pushFacts(args); args.push(base)
            }, read: { try Self.integerResult($0, .attack) })
            guard lines >= 0 else {
                throw RuleError(mod: mod.manifest.id, hook: Hook.attack.rawValue, message: "attack returned \(lines); it must be 0 or more lines")
            }
        }
        return lines
    }

    public func level(forLines lines: Int) throws(RuleError) -> Int {
        var level = StandardRules.level(lines: lines)
        guard has(.level) else { return level }
        let chain = chain(.level)
        for (mod, function) in chain {
            let base = level
            level = try read(mod, function, hook: .level, scratch, push: { args in
                args.push(lines); args.push(base)
            }, read: { try Self.integerResult($0, .level) })
        }
        guard level >= 1 else { throw RuleError(mod: chain.last?.mod.package.id, hook: "level", message: "returned level \(level); levels start at 1") }
        return level
    }

    public func gravityInterval(level: Int) -> Int {
        var interval = StandardRules.gravityInterval(level: level)
        guard has(.gravity) else { return interval }
        if let known = gravityCache[level] { return known }
        defer { if gravityCache.count < 4096 { gravityCache[level] = interval } }
        let chain = chain(.gravity)
        for (mod, function) in chain {
            let base = interval
            // A failing gravity hook keeps the previous value (the clock must not stop),
            // and is reported.
            do throws(RuleError) {
                interval = try read(mod, function, hook: .gravity, scratch, push: { args in
                    args.push(level); args.push(base)
                }, read: { try Self.integerResult($0, .gravity) })
            } catch {
                warn(error, fallback: "the interval before it: \(Self.clampedInterval(base)) ms at level \(level)")
            }
        }
        // Clamped before the deferred cache store reads it: the second ask of a level
        // must get the same in-range value as the first (the game-api fuzz target found a
        // cached 0 ms).
        interval = Self.clampedInterval(interval)
        return interval
    }

    /// A gravity hook's interval as the game uses it: 0 is instant gravity (20G: the piece
    /// falls to rest at once); anything else is kept within 16…10000 ms.
    static func clampedInterval(_ milliseconds: Int) -> Int {
        milliseconds == 0 ? 0 : min(max(milliseconds, 16), 10_000)
    }

    public func hardDropPoints(rows: Int) -> Int {
        var points = StandardRules.hardDropPoints(rows: rows)
        guard has(.hardDropPoints) else { return points }
        let chain = chain(.hardDropPoints)
        for (mod, function) in chain {
            let base = points
            do throws(RuleError) {
                points = try read(mod, function, hook: .hardDropPoints, scratch, push: { args in
                    args.push(rows); args.push(base)
                }, read: { try Self.integerResult($0, .hardDropPoints) })
            } catch {
                warn(error, fallback: "the points before it: \(base) for \(rows) rows")
            }
        }
        return points
    }

    public func softDropPoints(rows: Int) -> Int {
        var points = StandardRules.softDropPoints(rows: rows)
        guard has(.softDropPoints) else { return points }
        for (mod, function) in chain(.softDropPoints) {
            let base = points
            do throws(RuleError) {
                points = try read(mod, function, hook: .softDropPoints, scratch, push: { args in
                    args.push(rows); args.push(base)
                }, read: { try Self.integerResult($0, .softDropPoints) })
            } catch {
                warn(error, fallback: "the points before it: \(base) for \(rows) rows")
            }
        }
        return points
    }

    // `spawnPiece`, `rotated` and `rotatedCounterclockwise` run on every piece (the search
    // turns each piece several times): their standard path stays free of the hook call's
    // closures, which would otherwise make every call copy the state they capture.
    public func spawnPiece(kind: Int, state: GameState) -> Piece {
        let standard = StandardRules.spawnPiece(kind: kind, boardWidth: state.board.width)
        guard has(.spawn) else { return standard }
        return spawnHook(kind: kind, state: state, standard: standard)
    }

    @inline(never)
    private func spawnHook(kind: Int, state: GameState, standard: Piece) -> Piece {
        guard let (mod, function) = chain(.spawn).first else { return standard }
        let letter = String(state.pieces.kinds[kind].letter)
        let rotations = state.pieces.rotationCount(of: kind)
        let fallback = "the default place: x \(standard.x), y \(standard.y), rotation \(standard.rotation)"
        let placed: Piece
        do throws(RuleError) {
            placed = try read(mod, function, hook: .spawn, state, push: { $0.push(letter) }, read: { results in
                Piece(kind: kind, rotation: try results.optionalInteger(3) ?? 0, x: try results.integer(1), y: try results.integer(2))
            })
        } catch {
            warn(error, fallback: fallback)
            return standard
        }
        guard (0..<rotations).contains(placed.rotation), (-64...64).contains(placed.x), (-64...64).contains(placed.y) else {
            let message = "spawn returned x \(placed.x), y \(placed.y), rotation \(placed.rotation) for \(letter); "
                + "x and y must be from -64 to 64 and the rotation from 0 to \(rotations - 1)"
            warn(mod.ruleError(.badValue(message), hook: .spawn, function: function), fallback: fallback)
            return standard
        }
        return placed
    }

    public func kicks(kind: Int, from: Int, to: Int) -> [Cell] {
        kickTable.offsets(kind: kind, from: from, to: to)
    }

    public func rotated(_ piece: Piece, state: GameState) throws(RuleError) -> (piece: Piece, kick: Int)? {
        guard has(.rotate) else { return state.turned(piece, by: 1, rules: self) }
        return try turn(piece, by: 1, state: state)
    }

    public func rotatedCounterclockwise(_ piece: Piece, state: GameState) throws(RuleError) -> (piece: Piece, kick: Int)? {
        guard has(.rotate) else { return state.turned(piece, by: -1, rules: self) }
        return try turn(piece, by: -1, state: state)
    }

    public func rotatedHalfTurn(_ piece: Piece, state: GameState) throws(RuleError) -> (piece: Piece, kick: Int)? {
        guard has(.rotate) else { return state.turned(piece, by: 2, rules: self) }
        return try turn(piece, by: 2, state: state)
    }

    /// A turn by `direction` (1 clockwise, −1 counter-clockwise, 2 a half turn): the mod's `rotate` hook,
    /// or the next rotation state with the kicks.
    @inline(never)
    private func turn(_ piece: Piece, by direction: Int, state: GameState) throws(RuleError) -> (piece: Piece, kick: Int)? {
        guard has(.rotate), let (mod, function) = chain(.rotate).first else { return state.turned(piece, by: direction, rules: self) }
        let letter = String(state.pieces.kinds[piece.kind].letter)
        return try read(mod, function, hook: .rotate, state, push: { args in
            args.push(letter); args.push(piece.rotation); args.push(piece.x); args.push(piece.y); args.push(direction)
        }, read: { results in
            if results.type(1) == .nil { return nil }
            let turned = Piece(kind: piece.kind, rotation: try results.integer(3), x: try results.integer(1), y: try results.integer(2))
            guard (0..<state.pieces.rotationCount(of: piece.kind)).contains(turned.rotation),
                  Piece.isNearBoard(x: turned.x, y: turned.y), state.fits(turned) else {
                throw LuaHostError("rotate returned x \(turned.x), y \(turned.y), rotation \(turned.rotation), where the piece does not fit (return nil to refuse the turn)")
            }
            // An optional fourth result is the kick's index (hanjul.standard.rotate gives it),
            // for lock facts and the T-spin test.
            let kick = try results.optionalInteger(4) ?? 0
            guard (0...64).contains(kick) else { throw LuaHostError("rotate's fourth result (the kick index) must be 0 to 64, not \(kick)") }
            return (turned, kick)
        })
    }

    public func didStart(_ state: inout GameState) throws(RuleError) { try runAll(.onStart, &state) }

    public func didSpawn(_ state: inout GameState) throws(RuleError) { try runAll(.onSpawn, &state) }

    public func didFinishLock(cleared: Int, _ state: inout GameState) throws(RuleError) {
        flushCallouts(&state)
        try runAll(.afterLock, &state) { $0.push(cleared) }
    }

    /// Moves what read-only hooks (`scoring`, `on_game_over`) announced into the game.
    private func flushCallouts(_ state: inout GameState) {
        for mod in mods where !mod.bridge.pendingCallouts.isEmpty {
            for text in mod.bridge.pendingCallouts { state.announce(text) }
            mod.bridge.pendingCallouts.removeAll()
        }
    }

    public func didEnd(_ reason: GameOverReason, _ state: inout GameState) throws(RuleError) {
        guard has(.onGameOver) else { return }
        let word = reason.word
        defer { flushCallouts(&state) }
        for (mod, function) in chain(.onGameOver) {
            try read(mod, function, hook: .onGameOver, state, push: { $0.push(word) }, read: { _ in () })
        }
    }

    public func didLock(_ piece: Piece, _ state: inout GameState) throws(RuleError) {
        guard has(.onLock) else { return }
        let letter = String(state.pieces.kinds[piece.kind].letter)
        try runAll(.onLock, &state) { args in
            args.push(letter); args.push(piece.rotation); args.push(piece.x); args.push(piece.y)
        }
    }

    public func didClear(count: Int, rows: UInt64, _ state: inout GameState) throws(RuleError) {
        flushCallouts(&state)
        try runAll(.onClear, &state) { args in
            args.push(count); args.push(Int(truncatingIfNeeded: rows))
        }
    }

    public func didTick(_ state: inout GameState) throws(RuleError) { try runAll(.onTick, &state) }

    public func didMove(_ move: Action, _ state: inout GameState) throws(RuleError) {
        guard has(.afterMove) else { return }
        let word = Self.moveWord(move)
        try runAll(.afterMove, &state) { $0.push(word) }
    }

    /// `game:last_move()`'s word for a move (static strings: no allocation per move).
    static func moveWord(_ move: Action) -> String {
        switch move {
        case .left: "left"
        case .right: "right"
        case .rotate: "rotate"
        case .rotateCounterclockwise: "rotate_ccw"
        case .rotateHalfTurn: "rotate_180"
        case .softDrop, .gravity: "soft_drop"
        default: "hard_drop"
        }
    }

    public func toppedOut(_ state: inout GameState) throws(RuleError) -> Bool {
        guard has(.onTopOut) else { return false }
        let chain = chain(.onTopOut)
        var goOn = false
        for (mod, function) in chain where !state.isOver {
            goOn = try call(mod, function, hook: .onTopOut, &state, push: { _ in }, read: { $0.isTruthy(1) }) || goOn
        }
        return goOn
    }
}

extension GameState {
    /// A stand-in for hooks that get no game (`level`, `gravity`): an empty standard board.
    static var placeholder: GameState { Game(rules: StandardRules(), source: .sequence([0])).state }
}
