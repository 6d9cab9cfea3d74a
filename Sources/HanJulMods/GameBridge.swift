import HanJulCore

/// The game a hook is looking at, while it runs.
///
/// The engine hands hooks its state `inout`; the bridge holds a pointer to it for exactly
/// the length of one hook call, so the game object's methods read the live state without
/// building tables (RELIABILITY: cheap reads), and its changes go through `GameState`'s
/// own validated methods.
package final class GameBridge {
    package init() {}

    private(set) var state: UnsafeMutablePointer<GameState>?
    /// Set while a hook that may not change the game runs.
    private(set) var readOnly = true
    /// The hook running, for error messages.
    private(set) var hook: Hook?
    /// Inside the bot's search copy (`LuaRules.lookahead`): the piece the search is turning.
    /// `game:piece()` then answers with it and `game:last_move()` with nil (the search tries
    /// places, not paths), so a hook sees the candidate, not the real game's piece.
    var candidate: Piece?
    /// A change pushed a filled cell off the top: the engine ends the game after the hook.
    var pushedOffTop = false
    /// What the mod printed (`print`, `warn`), oldest first; the newest 200 lines.
    private(set) var log: [String] = []

    func appendLog(_ line: String) {
        if log.count == 200 { log.removeFirst() }
        log.append(line)
    }

    /// Callouts a read-only hook (`scoring`, `on_game_over`) announced: the rules add them to
    /// the game after the hook (the state is not written through in read-only hooks).
    var pendingCallouts: [String] = []

    /// The rules the mod is part of, for `game:placements` (weak: the rules own the mods).
    package weak var rules: LuaRules?

    /// The rules' declared result, for `game:finish`'s defaults.
    var resultFormat: ResultFormat?

    /// The rules' kick table, for `game:placements`.
    var kickTable = KickTable.standard

    /// A deterministic generator for code that runs outside a game (a mod's main chunk).
    var loadTimeRandom = SplitMix64(seed: 0)

    /// What a load left in the bridge (`LoadedMod`'s snapshot).
    struct Snapshot {
        var log: [String]
        var pendingCallouts: [String]
        var loadTimeRandom: SplitMix64
    }

    var snapshot: Snapshot { Snapshot(log: log, pendingCallouts: pendingCallouts, loadTimeRandom: loadTimeRandom) }

    func restore(_ snapshot: Snapshot) {
        log = snapshot.log
        pendingCallouts = snapshot.pendingCallouts
        loadTimeRandom = snapshot.loadTimeRandom
        pushedOffTop = false
    }

    /// As a new bridge: no log, no pending callouts, the load-time generator from its seed
    /// (`LoadedMod.reset`). The rules, kick table and result format stay: they are the same.
    func resetForNewGame() {
        log = []
        pendingCallouts = []
        pushedOffTop = false
        loadTimeRandom = SplitMix64(seed: 0)
    }

    /// Runs `body` with the bridge pointing at `state`.
    func with<T>(_ state: inout GameState, hook: Hook, _ body: () throws(RuleError) -> T) throws(RuleError) -> T {
        let saved = (self.state, readOnly, self.hook)
        defer { (self.state, readOnly, self.hook) = saved }
        return try withUnsafeMutablePointer(to: &state) { pointer throws(RuleError) -> T in
            self.state = pointer
            readOnly = !hook.mayChange
            self.hook = hook
            return try body()
        }
    }

    /// Runs `body` with the bridge pointing at `state` for reading only, without copying it.
    /// - Precondition: `hook` may not change the game: every changing method checks
    ///   `readOnly` before it writes, so the pointer is never written through.
    func reading<T>(_ state: GameState, hook: Hook, _ body: () throws(RuleError) -> T) throws(RuleError) -> T {
        precondition(!hook.mayChange, "\(hook.rawValue) may change the game; use with(_:hook:_:)")
        let saved = (self.state, readOnly, self.hook)
        defer { (self.state, readOnly, self.hook) = saved }
        return try withUnsafePointer(to: state) { pointer throws(RuleError) -> T in
            self.state = UnsafeMutablePointer(mutating: pointer)
            readOnly = true
            self.hook = hook
            return try body()
        }
    }

    /// Runs `body` with the bridge pointing at `state` for reading, outside any hook: the
    /// test harness's game object answers the game object's reads with the same code.
    package func inspecting<T>(_ state: GameState, _ body: () throws -> T) rethrows -> T {
        let saved = (self.state, readOnly, self.hook)
        defer { (self.state, readOnly, self.hook) = saved }
        return try withUnsafePointer(to: state) { pointer in
            self.state = UnsafeMutablePointer(mutating: pointer)
            readOnly = true
            self.hook = nil
            return try body()
        }
    }

    /// The next 64 random bits for `math.random`: the game's generator inside a hook that
    /// may change the game; a fixed generator at load time.
    func nextRandom() -> UInt64 {
        if let state, !readOnly { return state.pointee.random.next() }
        return loadTimeRandom.next()
    }
}
