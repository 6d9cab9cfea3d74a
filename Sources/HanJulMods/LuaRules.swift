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
    let kicksToken = FixedKicksToken()
    /// Whether a mod gave kinds new rotation states (`rotations`).
    let changesRotations: Bool
    /// A rotation system of the mods' own (a kick table, rotation states or a `rotate` hook)
    /// is searched with turns where pieces land too (see `Rules.searchesTurnsAtLanding`).
    public var searchesTurnsAtLanding: Bool { ownRotationData || has(.rotate) }
    let ownRotationData: Bool
    public var observesMoves: Bool { has(.afterMove) }
    public let allowsCounterclockwise: Bool
    public let holdEnabled: Bool
    public let allowsHalfTurn: Bool
    public let lockDelay: LockDelay?
    public let entryDelay: EntryDelay?
    /// The last mod's `result` declaration.
    public let resultFormat: ResultFormat?
    /// The last mod's `goal`.
    public let goal: GameGoal?
    public var checksInvariants: Bool { true }
    /// A `spawn` hook may place a piece above the field (`Mods/guideline` does): screens
    /// draw the rows there. Decided without asking the hook (it needs a game).
    public var spawnsAboveField: Bool { has(.spawn) }

    /// The state hooks without a game (`level`, `gravity`, `hard_drop_points`) point at.
    let scratch = GameState.placeholder

    /// What the rules were made from, for `lookahead`.
    let packages: [ModPackage]
    let displayFolders: [String]
    let watchdog: LuaWatchdog?
    /// `gravityInterval(level:)` by level: the hook runs once per level (the engine asks
    /// first, when the level changes), so front ends that ask every frame change nothing.
    var gravityCache: [Int: Int] = [:]

    /// The rules for a bot's lookahead (`Rules.lookahead`): a second copy of the same mods,
    /// in their own Lua states, so that their spawn and rotate hooks may run any number of
    /// times without touching the game's Lua states; these rules themselves when no mod has
    /// either hook (a search's questions are then answered natively and run no Lua, and a
    /// game needs no second set of Lua states).
    public var lookahead: LuaRules { has(.spawn) || has(.rotate) ? lookaheadCopy : self }

    /// The copy `lookahead` answers from, built on first use; it reports its hooks' failures
    /// to these rules' `warnings`. Should it fail to load (it loaded once already: memory,
    /// say), the search asks these rules, and that is a warning too.
    var lookaheadCopy: LuaRules {
        if let built = builtLookahead { return built }
        let made: LuaRules
        do throws(ModLoadError) {
            made = try LuaRules(packages: packages, displayFolders: displayFolders, watchdog: watchdog,
                                warnings: hookWarnings, isLookahead: true, cached: cached)
        } catch {
            hookWarnings.report(RuleError(hook: "lookahead", message: "the bot's copy of the mods did not load: \(error)"),
                                fallback: "the game's own Lua states for the bot's search", lookahead: false)
            made = self
        }
        builtLookahead = made
        return made
    }
    /// `lookaheadCopy` once built.
    private var builtLookahead: LuaRules?

    /// Where hook failures the game goes on from are reported (shared with `lookaheadCopy`).
    let hookWarnings: HookWarnings
    /// Whether these rules are another rules' `lookaheadCopy`.
    let isLookahead: Bool
    /// The data these rules' mods took from a `LoadCache` (nil: they read their own), which
    /// `lookaheadCopy` takes too.
    let cached: [ModRuleData]?

    /// The failures of hooks the game went on from with a default (`gravity`,
    /// `hard_drop_points`, `soft_drop_points`, `spawn`, and the bot's lookahead copy of the
    /// mods): each once per mod and hook, oldest first. See `HookWarnings`.
    public var warnings: [RuleError] { hookWarnings.list }

    /// Per hook (by `Hook.slot`), the mods that define it, in the order they run.
    private(set) var chainTable: [[(mod: LoadedMod, function: LuaFunctionRef)]]
    /// Kind index by letter byte (−1: not a letter of the piece set), for `next_piece`.
    let kindByLetter: [Int8]

    /// Bit `hook.slot` set when some mod defines the hook: the engine asks for most hooks
    /// on every piece, and a hook no mod defines is then one bit test, not an array fetch.
    let defined: UInt32

    func chain(_ hook: Hook) -> [(mod: LoadedMod, function: LuaFunctionRef)] { chainTable[hook.slot] }

    /// Whether some mod defines `hook`.
    public func defines(_ hook: Hook) -> Bool { has(hook) }
    @inline(__always) func has(_ hook: Hook) -> Bool { defined & (1 << UInt32(hook.slot)) != 0 }

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
        try self.init(packages: packages, displayFolders: displayFolders, watchdog: watchdog, warnings: HookWarnings(),
                      isLookahead: false, cached: nil)
        if checksDependencies { try Self.checkDependencies(manifests) }
    }

    /// Loads mods into fresh Lua states (each main chunk runs, so hooks and the mods' own
    /// locals are new), taking the manifests and rule data from `cache` rather than reading
    /// them from the returned tables again. A cache made from other packages (another
    /// hash or order) is not used: the data is then read as usual.
    public convenience init(packages: [ModPackage], displayFolders: [String], watchdog: LuaWatchdog? = nil,
                            reusing cache: LoadCache) throws(ModLoadError) {
        let fits = cache.hashes == packages.map(\.sha256) && cache.ids == packages.map(\.id)
        try self.init(packages: packages, displayFolders: displayFolders, watchdog: watchdog, warnings: HookWarnings(),
                      isLookahead: false, cached: fits ? cache.data : nil)
        try Self.checkDependencies(manifests)
    }

    /// What loading these rules' mods read but their hooks (manifests and rule data), for
    /// `init(packages:displayFolders:watchdog:reusing:)`.
    ///
    /// It is exact to reuse because a main chunk runs in a sandbox that gives every load the
    /// same inputs (the package's bytes, a `math.random` seeded 0 at load, `pairs` in a fixed
    /// order, address-free `tostring`, no clock): two loads of one package return equal
    /// tables. `LoadCache.agreeing` checks that on two real loads rather than trust it.
    public struct LoadCache: Sendable, Equatable {
        let ids: [String]
        let hashes: [String]
        let data: [ModRuleData]

        /// `first`, when `second` (another load of the same packages, in fresh states) read
        /// exactly the same data; nil when the loads disagree (a mod whose data varies), so
        /// that every load reads its own.
        public static func agreeing(_ first: LoadCache, _ second: LoadCache) -> LoadCache? {
            first == second ? first : nil
        }
    }

    /// What the loads of these rules' mods read (see `LoadCache`).
    public var loadCache: LoadCache {
        LoadCache(ids: packages.map(\.id), hashes: packages.map(\.sha256), data: cached ?? mods.map(\.ruleData))
    }

    private init(packages: [ModPackage], displayFolders: [String], watchdog: LuaWatchdog?,
                 warnings: HookWarnings, isLookahead: Bool, cached: [ModRuleData]?) throws(ModLoadError) {
        precondition(packages.count == displayFolders.count)
        precondition(cached == nil || cached!.count == packages.count)
        hookWarnings = warnings
        self.isLookahead = isLookahead
        self.cached = cached
        var loaded: [LoadedMod] = []
        for (index, (package, folder)) in zip(packages, displayFolders).enumerated() {
            guard !loaded.contains(where: { $0.package.id == package.id }) else {
                throw .conflict("mod '\(package.id)' is given twice")
            }
            loaded.append(try LoadedMod(package: package, displayFolder: folder, watchdog: watchdog, cached: cached?[index]))
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
                        throw LoadedMod.locating(.manifest(id: mod.package.id, reason: "rotations.\(letter): '\(letter)' is not a piece letter (\(kinds.map { String($0.letter) }.joined(separator: " ")))"),
                                                 source: mod.package.files["mod.lua"] ?? [], displayFolder: mod.displayFolder)
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
            throw LoadedMod.locating(.manifest(id: kickMod?.package.id ?? "", reason: error.message),
                                     source: kickMod?.package.files["mod.lua"] ?? [], displayFolder: kickMod?.displayFolder ?? "")
        }
        kickTable = table
        kicks = table.fallback
        ownRotationData = changesRotations || table != .standard
        allowsCounterclockwise = loaded.last { $0.counterclockwise != nil }?.counterclockwise ?? false
        holdEnabled = loaded.last { $0.hold != nil }?.hold ?? false
        allowsHalfTurn = loaded.last { $0.halfTurn != nil }?.halfTurn ?? false
        lockDelay = loaded.last { $0.lockDelay != nil }?.lockDelay.flatMap { $0 }
        entryDelay = loaded.last { $0.entryDelay != nil }?.entryDelay.flatMap { $0 }
        resultFormat = loaded.last { $0.resultFormat != nil }?.resultFormat
        goal = loaded.last { $0.goal != nil }?.goal
        let chains = Self.chains(of: loaded)
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

    /// Per hook, the mods that define it in the order they run (`chainTable`).
    static func chains(of loaded: [LoadedMod]) -> [[(mod: LoadedMod, function: LuaFunctionRef)]] {
        var chains = Array(repeating: [(mod: LoadedMod, function: LuaFunctionRef)](), count: Hook.allCases.count)
        for hook in Hook.allCases {
            let defining = loaded.compactMap { mod in mod.hooks[hook].map { (mod: mod, function: $0) } }
            switch hook.composition {
            case .lastWins: chains[hook.slot] = Array(defining.suffix(1))
            case .chain, .all: chains[hook.slot] = defining
            }
        }
        return chains
    }

    /// Makes these rules as a new load of the same packages would be, in the same Lua states,
    /// for the next game (one state per mod and worker instead of one per game; docs/MODDING.md,
    /// "One state for many games"): every mod's `LoadedMod.reset`, the hooks bound again, the
    /// gravity cache and the warnings emptied, and the lookahead copy, when built, reset too.
    ///
    /// Returns false when these rules cannot be reused, and a new load must be made instead:
    /// their rule data was not read once for all loads (`LoadCache`: a mod whose data varies
    /// between loads), a mod asks for a fresh state (`fresh_state = true`), or the hooks
    /// defined differ from the first load's.
    /// - Throws: a main chunk's failure (a new load would fail the same way).
    public func resetForNewGame() throws(ModLoadError) -> Bool {
        guard let cached, !cached.contains(where: \.freshState) else { return false }
        var rebound = false
        for mod in mods {
            if try mod.reset() { rebound = true }
        }
        if rebound {
            let chains = Self.chains(of: mods)
            let bits = Hook.allCases.reduce(UInt32(0)) { bits, hook in chains[hook.slot].isEmpty ? bits : bits | 1 << UInt32(hook.slot) }
            guard bits == defined else { return false }
            chainTable = chains
        }
        gravityCache = [:]
        if !isLookahead { hookWarnings.clear() }
        if let copy = builtLookahead, copy !== self, !(try copy.resetForNewGame()) { return false }
        return true
    }

    // MARK: Calling hooks

    /// Calls `function` of `mod` with the bridge on `state`; converts every failure.
    /// Hooks get the game object as their first argument, but for `level`, `gravity` and
    /// `hard_drop_points`, which compute a curve and see no game.
    func call<T>(_ mod: LoadedMod, _ function: LuaFunctionRef, hook: Hook, _ state: inout GameState,
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
    func read<T>(_ mod: LoadedMod, _ function: LuaFunctionRef, hook: Hook, _ state: GameState,
                         push: (LuaArguments) -> Void, read: (LuaArguments) throws -> T) throws(RuleError) -> T {
        try mod.bridge.reading(state, hook: hook) { () throws(RuleError) -> T in
            try invoke(mod, function, hook: hook, push: push, read: read)
        }
    }

    func invoke<T>(_ mod: LoadedMod, _ function: LuaFunctionRef, hook: Hook,
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

    func runAll(_ hook: Hook, _ state: inout GameState, push: (LuaArguments) -> Void = { _ in }) throws(RuleError) {
        guard has(hook) else { return }
        let chain = chain(hook)
        for (mod, function) in chain {
            if state.isOver { return }
            try call(mod, function, hook: hook, &state, push: push, read: { _ in () })
        }
    }

    /// Reports a hook's failure the game goes on from, with what it used instead.
    func warn(_ error: RuleError, fallback: String) {
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
    static func integerResult(_ results: LuaArguments, _ hook: Hook) throws -> Int {
        switch results.value(1) {
        case .integer(let value): return value
        case .number(let value) where value.isFinite && value == value.rounded() && abs(value) < 9.0e15: return Int(value)
        case let other: throw LuaHostError("\(hook.rawValue) must return an integer, not \(Self.shown(other))")
        }
    }
}

extension GameState {
    /// A stand-in for hooks that get no game (`level`, `gravity`): an empty standard board.
    static var placeholder: GameState { Game(rules: StandardRules(), source: .sequence([0])).state }
}
