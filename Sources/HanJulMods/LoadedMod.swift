import HanJulCore
import LuaKit
import HanJulText

/// One mod, running: its own sandboxed Lua state (RELIABILITY §0.1: one state per mod),
/// its manifest, the rule data it sets and its hook functions.
package final class LoadedMod {
    let package: ModPackage
    let manifest: ModManifest
    package let lua: LuaState
    /// The game object hooks get (a new copy of `gameTemplate` after each `reset`).
    private(set) var game: LuaTableRef
    let bridge: GameBridge
    /// The game object as made, before any mod code could touch it (`reset` copies it).
    private let gameTemplate: LuaTableRef
    /// The main chunk, run again by `reset` in fresh globals.
    private let chunk: LuaFunctionRef
    /// The path messages show for the mod's files, e.g. `Mods/garbage`.
    let displayFolder: String

    // Rule data, when the mod sets it.
    var boardSize: (width: Int, height: Int)?
    var pieces: PieceSet?
    /// Kinds added to the set (`extra_pieces`), after `pieces` or the standard seven.
    var extraPieces: [PieceKind] = []
    /// New rotation states for kinds of the set, by letter (`rotations`).
    var rotations: [String: [[Cell]]] = [:]
    var preview: Int?
    var kicks: KickSpec?
    var counterclockwise: Bool?
    var hold: Bool?
    var halfTurn: Bool?
    /// `.some(nil)`: the mod says `lock_delay = false` (no lock delay, over an earlier mod's).
    var lockDelay: LockDelay??
    /// `.some(nil)`: the mod says `entry_delay = false` (the next piece at once, over an
    /// earlier mod's delay).
    var entryDelay: EntryDelay??
    /// `result = { name =, unit =, lower_is_better = }`: how the mod's result reads.
    var resultFormat: ResultFormat?
    /// `goal = { lines = }`: what the player must reach.
    var goal: GameGoal?
    /// `garbage = { delay =, messiness =, cap =, cancels = }`: how garbage arrives in versus.
    var garbage: GarbageRules?
    /// `fresh_state = true`: the mod asks for a new Lua state for every game instead of
    /// one reset between games (`LuaRules.resetForNewGame`).
    var freshState = false
    var hooks: [Hook: LuaFunctionRef] = [:]
    /// What the mod printed (`print`, `warn`), newest last, capped.
    package var log: [String] { bridge.log }

    /// The budgets every mod runs under.
    package static let limits = LuaLimits(memoryBytes: 32 << 20, instructionsPerCall: 10_000_000)

    /// - Parameter cached: what an earlier load of the same package read (`ruleData`): the
    ///   main chunk still runs in the new state (its hooks and locals are this load's own),
    ///   but the manifest and rule data are taken from `cached` instead of read again.
    init(package: ModPackage, displayFolder: String, watchdog: LuaWatchdog? = nil, cached: ModRuleData? = nil) throws(ModLoadError) {
        self.package = package
        self.displayFolder = displayFolder
        let bridge = GameBridge()
        self.bridge = bridge
        let files = package.files
        let id = package.id
        let lua: LuaState
        do throws(LuaError) {
            lua = try LuaState(
                limits: Self.limits,
                label: id,
                log: { message in bridge.appendLog(message.text.sanitized(maxBytes: 300)) },
                random: { bridge.nextRandom() },
                moduleSource: { name in
                    // require("a.b") is a/b.lua inside the mod's folder, nowhere else.
                    let path = name.split(separator: ".").joined(separator: "/") + ".lua"
                    guard let bytes = files[path] else {
                        return .failure(LuaHostError("module '\(name)' not found: no \(path) in mod '\(id)'"))
                    }
                    return .success(LuaModule(bytes: bytes, chunkName: "@\(displayFolder)/\(path)"))
                },
                watchdog: watchdog)
        } catch {
            throw .script(id: id, message: "could not create a Lua state: \(error)")
        }
        self.lua = lua
        game = lua.makeObject(name: "game", methods: GameAPI.methods(bridge: bridge))
        StandardAPI.install(in: lua, bridge: bridge)

        let chunk: LuaFunctionRef
        let returned: [LuaValue]
        do throws(LuaError) {
            // Recorded before any of the mod's code runs: what `reset` puts back.
            try lua.keepGlobals()
            gameTemplate = try lua.deepCopy(game)
            chunk = try lua.load(bytes: package.files["mod.lua"]!, chunkName: "@\(displayFolder)/mod.lua")
            self.chunk = chunk
            returned = try lua.call(chunk, [])
        } catch {
            throw .script(id: id, message: Self.describeLoad(error, folder: displayFolder))
        }
        guard returned.count == 1, let table = returned[0].tableValue else {
            throw .manifest(id: id, reason: "must return one table (it returned \(returned.map(\.typeName).joined(separator: ", ").nilIfEmpty ?? "nothing"))")
        }
        if let cached {
            manifest = cached.manifest
            try readHooks(table)
            apply(cached)
        } else {
            let source = package.files["mod.lua"] ?? []
            do throws(ModLoadError) {
                manifest = try Self.readManifest(table, id: id, source: source, displayFolder: displayFolder)
                try readRuleData(table)
            } catch {
                throw Self.locating(error, source: source, displayFolder: displayFolder)
            }
        }
        // Only loads made to be reused (a sim's, from a `LoadCache`) keep a snapshot.
        if cached != nil { takeSnapshot() }
    }

    /// What `restore` puts back besides the Lua objects: the bridge as the load left it.
    private var snapshotBridge: GameBridge.Snapshot?
    /// Whether `reset` puts a snapshot back (else it runs the main chunk again).
    var restoresSnapshot: Bool { snapshotBridge != nil }

    /// Records the state as the load left it (`LuaState.snapshot`), when it can be.
    private func takeSnapshot() {
        let functions = Hook.allCases.compactMap { hooks[$0] }
        do throws(LuaError) {
            try lua.snapshot(tables: [game], functions: functions)
            snapshotBridge = bridge.snapshot
        } catch {
            snapshotBridge = nil
        }
    }

    /// Makes the mod as a new load would (same manifest and rule data, read once) in the same
    /// Lua state: new globals copied from those recorded before the main chunk first ran
    /// (`LuaState.freshGlobals`), a new game object, the bridge's log and load-time
    /// generator new, then the main chunk run again and its hooks read. Nothing the mod
    /// kept (locals of its chunk, globals, changes to library tables, required modules)
    /// reaches the next game. docs/MODDING.md, "One state for many games".
    ///
    /// When the load could be recorded (`LuaState.snapshot`: no coroutine or userdata
    /// reachable), the state is instead put back in place as the load left it
    /// (`LuaState.restore`): the same objects with the same contents, the hooks the same
    /// functions. Returns whether the hooks were read anew (the chunk ran again).
    /// - Throws: the chunk's failure, or a returned table that is not one.
    @discardableResult
    func reset() throws(ModLoadError) -> Bool {
        if let snapshotBridge {
            // The state as the load left it, put back in place: cheaper than a new run.
            do throws(LuaError) {
                try lua.restore()
                bridge.restore(snapshotBridge)
                return false
            } catch {
                self.snapshotBridge = nil
            }
        }
        let id = package.id
        bridge.resetForNewGame()
        let returned: [LuaValue]
        do throws(LuaError) {
            try lua.freshGlobals()
            game = try lua.deepCopy(gameTemplate)
            try lua.rebindEnvironment(of: chunk)
            returned = try lua.call(chunk, [])
        } catch {
            throw .script(id: id, message: Self.describeLoad(error, folder: displayFolder))
        }
        guard returned.count == 1, let table = returned[0].tableValue else {
            throw .manifest(id: id, reason: "must return one table (it returned \(returned.map(\.typeName).joined(separator: ", ").nilIfEmpty ?? "nothing"))")
        }
        hooks = [:]
        try readHooks(table)
        return true
    }

    /// The manifest and rule data this load read: everything but the hooks, which belong
    /// to this mod's Lua state.
    var ruleData: ModRuleData {
        ModRuleData(manifest: manifest, boardWidth: boardSize?.width, boardHeight: boardSize?.height, pieces: pieces,
                    extraPieces: extraPieces, rotations: rotations, preview: preview, kicks: kicks,
                    counterclockwise: counterclockwise, hold: hold, halfTurn: halfTurn, lockDelay: lockDelay, entryDelay: entryDelay,
                    resultFormat: resultFormat, goal: goal, garbage: garbage, freshState: freshState)
    }

    private func apply(_ data: ModRuleData) {
        if let width = data.boardWidth, let height = data.boardHeight { boardSize = (width, height) }
        pieces = data.pieces
        extraPieces = data.extraPieces
        rotations = data.rotations
        preview = data.preview
        kicks = data.kicks
        counterclockwise = data.counterclockwise
        hold = data.hold
        halfTurn = data.halfTurn
        lockDelay = data.lockDelay
        entryDelay = data.entryDelay
        resultFormat = data.resultFormat
        goal = data.goal
        garbage = data.garbage
        freshState = data.freshState
    }
}

/// What loading a mod reads from the table its main chunk returns, but the hooks: a value,
/// so one load's reading can stand for another's (`LuaRules.LoadCache`).
struct ModRuleData: Equatable, Sendable {
    var manifest: ModManifest
    var boardWidth: Int?
    var boardHeight: Int?
    var pieces: PieceSet?
    var extraPieces: [PieceKind]
    var rotations: [String: [[Cell]]]
    var preview: Int?
    var kicks: KickSpec?
    var counterclockwise: Bool?
    var hold: Bool?
    var halfTurn: Bool?
    var lockDelay: LockDelay??
    var entryDelay: EntryDelay??
    var resultFormat: ResultFormat?
    var goal: GameGoal?
    var garbage: GarbageRules?
    var freshState: Bool
}

/// A mod's `kicks` as written, before it meets the piece set (which may come from another
/// mod): `LuaRules` turns it into a `KickTable`.
struct KickSpec: Equatable, Sendable {
    struct Turn: Equatable, Sendable {
        var from: Int
        var to: Int
        var offsets: [Cell]
    }

    enum Entry: Equatable, Sendable {
        /// The same offsets for every turn of the kind.
        case every([Cell])
        /// Offsets for some turns; the rest fall back.
        case turns([Turn])
    }

    /// Offsets for every turn without an entry (the old list form); `nil`: the standard ones.
    var uniform: [Cell]?
    /// By `"default"` (every kind) or a piece letter.
    var kinds: [String: Entry] = [:]

    /// The table for `pieces`: the uniform list, then `default`'s entries for each kind,
    /// then the kind's own.
    /// - Throws: a message naming a letter that is not in the set or a state it lacks.
    func table(for pieces: PieceSet) throws(LuaHostError) -> KickTable {
        var table = KickTable(fallback: uniform ?? StandardRules.kickOffsets)
        for letter in kinds.keys.sorted() where letter != "default" {
            guard pieces.kind(forLetter: Character(letter)) != nil else {
                throw LuaHostError("kicks.\(letter): '\(letter)' is not a piece letter (\(pieces.kinds.map { String($0.letter) }.joined(separator: " ")))")
            }
        }
        for kind in 0..<pieces.count {
            let letter = String(pieces.kinds[kind].letter)
            let count = pieces.rotationCount(of: kind)
            for name in ["default", letter] {
                switch kinds[name] {
                case nil: continue
                case .every(let offsets)?:
                    for from in 0..<count { for to in 0..<count { table.set(offsets, kind: kind, from: from, to: to) } }
                case .turns(let turns)?:
                    for turn in turns {
                        guard turn.from < count && turn.to < count else {
                            if name == "default" { continue }
                            throw LuaHostError("kicks.\(letter)[\"\(turn.from)>\(turn.to)\"]: '\(letter)' has rotation states 0 to \(count - 1)")
                        }
                        table.set(turn.offsets, kind: kind, from: turn.from, to: turn.to)
                    }
                }
            }
        }
        return table
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}

extension Substring {
    func trimmingPrefixSpaces() -> Substring { drop { $0 == " " || $0 == "\t" } }
}
