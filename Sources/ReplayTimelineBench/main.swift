// Seek times of ReplayTimeline on a 100,000-action replay (issue #11 item 6: goal < 50 ms).
// Run with: swift run -c release ReplayTimelineBench
//
// The replay is a bot game on the standard rules (seed 1), cut at 100,000 actions, and
// the same actions under Mods/standard (Lua, whose bag lives in Lua: seeks back start a
// fresh game). Figures are wall time on this machine, printed, never asserted.
import Foundation
import HanJulCore
import HanJulMods
import HanJulPlay
import HanJulSim

let actionCount = 100_000

func milliseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

/// A bot game of at least `actionCount` actions, cut there (checkpoints beyond dropped).
func botReplay() -> Replay {
    var config = SimulationConfig(cap: 40_000)
    config.recordsReplays = true
    for seed in UInt64(1)...20 {
        var player = Simulator(rules: StandardRules(), config: config)
        _ = player.play(seed: seed)
        guard var replay = player.lastReplay, replay.actions.count >= actionCount else { continue }
        replay.actions.removeSubrange(actionCount...)
        replay.checkpoints.removeAll { $0.action > actionCount }
        return replay
    }
    fatalError("no bot game reached \(actionCount) actions")
}

/// Mean and worst of `targets.count` seeks of one kind, from wherever the last one ended.
func measureSeeks<R>(_ label: String, _ timeline: inout ReplayTimeline<R>, count: Int,
                     _ seek: (inout ReplayTimeline<R>, inout SplitMix64) -> Void) {
    var random = SplitMix64(seed: 42)
    var times: [Double] = []
    for _ in 0..<count {
        times.append(milliseconds { seek(&timeline, &random) })
    }
    let mean = times.reduce(0, +) / Double(times.count)
    let worst = times.max() ?? 0
    print(label.padding(toLength: 46, withPad: " ", startingAt: 0)
          + String(format: "mean %7.3f ms   worst %7.3f ms   (%d seeks)", mean, worst, count))
}

func report<R>(_ name: String, _ replay: Replay, count: Int, _ makeGame: @escaping () -> Game<R>) {
    print("\(name): \(replay.actions.count) actions")
    var timeline = ReplayTimeline(replay: replay, game: makeGame())
    print("  open (first game made)".padding(toLength: 46, withPad: " ", startingAt: 0)
          + String(format: "%7.3f ms", milliseconds { timeline = ReplayTimeline(replay: replay, game: makeGame()) }))
    print("  first seek to the end (every action once)".padding(toLength: 46, withPad: " ", startingAt: 0)
          + String(format: "%7.3f ms", milliseconds { timeline.seek(toAction: Int.max) }))
    let pieces = timeline.pieceCount ?? 1
    print("  pieces: \(pieces), problems: \(timeline.problems.count)")
    let n = replay.actions.count
    // As the viewer does: a fresh game kept for each seek back under Lua rules (made after
    // the seek there, before the frame; timed with it here).
    let seek = { (t: inout ReplayTimeline<R>, action: Int) in
        if t.wantsFreshGame { t.provide(freshGame: makeGame()) }
        t.seek(toAction: action)
    }
    measureSeeks("  seek to a random action", &timeline, count: count) { t, r in seek(&t, Int(r.next() % UInt64(n + 1))) }
    measureSeeks("  seek to a random piece (g N)", &timeline, count: count) { t, r in
        if t.wantsFreshGame { t.provide(freshGame: makeGame()) }
        t.seek(toPiece: 1 + Int(r.next() % UInt64(pieces)))
    }
    measureSeeks("  a random action, then -10% (both timed)", &timeline, count: count) { t, r in
        seek(&t, Int(r.next() % UInt64(n + 1)))
        if t.wantsFreshGame { t.provide(freshGame: makeGame()) }
        t.seek(byPercent: -10)
    }
    measureSeeks("  a random action, then step back (both)", &timeline, count: count) { t, r in
        seek(&t, Int(r.next() % UInt64(n + 1)))
        if t.wantsFreshGame { t.provide(freshGame: makeGame()) }
        t.stepBack()
    }
    timeline.seek(toAction: n)
    measureSeeks("  step back from the end, 100 times in a row", &timeline, count: 100) { t, _ in
        if t.wantsFreshGame { t.provide(freshGame: makeGame()) }
        t.stepBack()
    }
}

let replay = botReplay()
report("standard rules (built in)", replay, count: 1_000) { Game(rules: StandardRules(), source: replay.source) }

var mods = URL(fileURLWithPath: #filePath)
for _ in 0..<3 { mods.deleteLastPathComponent() }
let catalog = ModCatalog(searchPath: ModSearchPath(folders: [mods.appendingPathComponent("Mods").path]), workingDirectory: mods.path)
var lua = replay
do {
    lua.rules = try catalog.rules(["standard"]).identity
    report("Mods/standard (Lua)", lua, count: 20) { Game(rules: try! catalog.rules(["standard"]), source: replay.source) }
} catch {
    print("Mods/standard not measured: \(error)")
}
