import HanJulCore
import HanJulFiles
@testable import HanJulPlay
import HanJulRender
import HanJulTerminal

/// A store in memory: the session's high scores, for tests.
final class MemoryStore: PlayStore {
    var tables: [String: [HighScore]] = [:]
    func highScores(key: String) -> [HighScore] { tables[key] ?? [] }
    func saveHighScore(_ entry: HighScore, key: String, lowerIsBetter: Bool?) -> HighScoreTable.Outcome {
        let table = HighScoreTable.ranked((tables[key] ?? []) + [entry], lowerIsBetter: lowerIsBetter ?? false)
        tables[key] = table
        return HighScoreTable.Outcome(table: table, rank: table.firstIndex(of: entry), message: nil)
    }
    func renameHighScore(_ entry: HighScore, to name: String?, key: String) -> HighScoreTable.Outcome {
        var renamed = entry
        renamed.name = name
        var table = tables[key] ?? []
        if let index = table.firstIndex(of: entry) { table[index] = renamed }
        tables[key] = table
        return HighScoreTable.Outcome(table: table, rank: table.firstIndex(of: renamed), message: nil)
    }
    func tableKeys() -> [String] { tables.keys.sorted() }
    func lowerIsBetter(key: String) -> Bool? { nil }
    var replayList: [ReplayListing] = []
    var deleted: [PathBytes] = []
    func replays() -> [ReplayListing] { replayList }
    func deleteReplay(path: PathBytes) -> String? {
        deleted.append(path)
        replayList.removeAll { $0.path == path }
        return nil
    }
}

/// A play session driven by a clock the test advances by hand (swift-nio's
/// `EmbeddedEventLoop` is the model): every input is handed over at the time the test says,
/// and everything due before it (gravity, auto-shift, inferred releases) happens on the way.
struct ManualClock {
    var session: PlaySession
    /// Milliseconds since the session started.
    private(set) var now = 0
    /// Every effect so far.
    private(set) var effects: [PlayEffect] = []
    let store: MemoryStore

    static func environment(_ store: MemoryStore) -> PlayEnvironment {
        PlayEnvironment(store: store, newSeed: { 99 }, date: { ("20250301-142233", "2025-03-01 14:22") })
    }

    /// A standard game with `seed` (1 deals I, T, L, …), the terminal reporting releases
    /// (kitty) or not.
    init(seed: UInt64 = 1, handling: HandlingSettings = HandlingSettings(das: 150, arr: 50, softDrop: 20, dasCut: 17),
         releases: Bool = true, size: Size = Size(width: 80, height: 24), style: RenderStyle = .monochrome) {
        store = MemoryStore()
        let provider = RulesProvider<StandardRules>(make: { .success(StandardRules()) }, identity: { _ in .standard })
        session = .game(provider: provider, rules: StandardRules(),
                        config: PlayConfig(seed: seed, handling: handling, style: style, colorMode: .none),
                        size: size, reportsReleases: releases, now: 0, environment: Self.environment(store))
        _ = session.start()
    }

    init(session: PlaySession, store: MemoryStore) {
        self.session = session
        self.store = store
        _ = self.session.start()
    }

    static func ns(_ milliseconds: Int) -> UInt64 { UInt64(milliseconds) * 1_000_000 }

    /// Hands `input` over at `milliseconds`; returns its effects.
    @discardableResult
    mutating func at(_ milliseconds: Int, _ input: PlayInput) -> [PlayEffect] {
        precondition(milliseconds >= now, "time runs forward")
        now = milliseconds
        let produced = session.handle(input, at: Self.ns(milliseconds))
        effects += produced
        return produced
    }

    /// Lets time pass to `milliseconds`, with a tick at every deadline on the way (as the
    /// driver would wake).
    mutating func run(to milliseconds: Int) {
        while let deadline = session.deadline, deadline <= Self.ns(milliseconds) {
            let ms = Int((deadline + 999_999) / 1_000_000)
            at(max(ms, now), .tick)
            if session.deadline == deadline { break }
        }
        at(milliseconds, .tick)
    }

    mutating func press(_ key: Key, at milliseconds: Int) { at(milliseconds, .key(.press(key))) }
    mutating func release(_ key: Key, at milliseconds: Int) { at(milliseconds, .key(.release(key))) }
    /// Bytes of `key` as a terminal without key events sends them (every one a "press").
    mutating func bytes(_ key: Key, at milliseconds: Int) { at(milliseconds, .key(.press(key))) }

    var game: GameScreen<StandardRules> { session.screen as! GameScreen<StandardRules> }

    /// The game's actions so far with their times (milliseconds of play), from its replay.
    var actions: [(ms: Int, action: Action)] {
        let replay = game.recorder.replay
        var time = 0
        return zip(replay.actions, replay.times).map { action, delta in
            time += delta
            return (time, action)
        }
    }

    /// The times of the actions that are `action`.
    func times(of action: Action) -> [Int] { actions.filter { $0.action == action }.map(\.ms) }

    /// The text of the last frame drawn.
    var screen: String { session.frame.text }
}
