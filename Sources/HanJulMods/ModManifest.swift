/// What a mod says about itself in the table its mod.lua returns.
public struct ModManifest: Equatable, Sendable {
    public var id: String
    public var name: String
    public var version: String
    public var description: String
    /// The hook API version the mod was written for.
    public var api: Int
    /// The mods this one needs, loaded before it (`requires`).
    public var requires: [ModDependency] = []
    /// The mods this one must come after when they are loaded (`after`).
    public var after: [String] = []

    /// The API versions this HanJul runs.
    public static let supportedAPI = 1...1
}

/// The hooks a mod may define, and how several mods' definitions combine.
public enum Hook: String, CaseIterable, Sendable {
    case nextPiece = "next_piece"
    case spawn
    case rotate
    case scoring
    case level
    case gravity
    case hardDropPoints = "hard_drop_points"
    case softDropPoints = "soft_drop_points"
    case onSpawn = "on_spawn"
    case onLock = "on_lock"
    case onClear = "on_clear"
    case onTick = "on_tick"
    case onTopOut = "on_top_out"
    case onStart = "on_start"
    case afterLock = "after_lock"
    case onGameOver = "on_game_over"
    case afterMove = "after_move"
    /// What a lock sends in a versus match (not asked by the engine: `LuaRules.attack`).
    case attack
    /// Whether another mod's change may happen: asked by `game:allowed(event)`.
    case veto

    /// A dense index, for per-hook tables.
    var slot: Int {
        switch self {
        case .nextPiece: 0
        case .spawn: 1
        case .rotate: 2
        case .scoring: 3
        case .level: 4
        case .gravity: 5
        case .hardDropPoints: 6
        case .onSpawn: 7
        case .onLock: 8
        case .onClear: 9
        case .onTick: 10
        case .onTopOut: 11
        case .onStart: 12
        case .afterLock: 13
        case .onGameOver: 14
        case .softDropPoints: 15
        case .afterMove: 16
        case .attack: 17
        case .veto: 18
        }
    }

    /// How definitions in several mods combine.
    public enum Composition: Sendable {
        /// The last mod (in the order given) that defines the hook decides.
        case lastWins
        /// Each mod, in order, receives the value the ones before it produced.
        case chain
        /// Every mod's hook runs, in order.
        case all
    }

    public var composition: Composition {
        switch self {
        case .nextPiece, .spawn, .rotate: .lastWins
        case .scoring, .level, .gravity, .hardDropPoints, .softDropPoints, .attack: .chain
        case .onSpawn, .onLock, .onClear, .onTick, .onTopOut, .onStart, .afterLock, .onGameOver, .afterMove, .veto: .all
        }
    }

    /// Whether the hook may change the game through the game object.
    public var mayChange: Bool {
        switch self {
        case .scoring, .level, .gravity, .hardDropPoints, .softDropPoints, .spawn, .rotate, .onGameOver, .attack, .veto: false
        case .nextPiece, .onSpawn, .onLock, .onClear, .onTick, .onTopOut, .onStart, .afterLock, .afterMove: true
        }
    }

    /// The hooks that may move the piece in play (`game:move_piece`, `game:set_piece`): those
    /// that run while a piece is in play and may change the game.
    public var movesPiece: Bool {
        switch self {
        case .afterMove, .onSpawn, .onTick, .onTopOut: true
        default: false
        }
    }

    /// The manifest fields that are not hooks.
    public static let dataFields: Set<String> = [
        "id", "name", "version", "description", "api", "board", "pieces", "preview", "kicks",
        "counterclockwise", "hold", "rotate_180", "fresh_state", "lock_delay", "entry_delay", "extra_pieces", "result", "goal",
        "requires", "after", "rotations", "garbage",
    ]
}
