import Foundation
import HanJulCore
import HanJulSim
@testable import HanJulSweep
import Synchronization
import Testing

/// `OrderedRun`'s bounded pool: when handing games over is slower than playing them, the
/// workers wait instead of piling finished games up (memory stays flat at any size).
@Suite struct BoundedPoolTests {
    /// Samples how far the games played run ahead of those handed over.
    final class Ahead: RunProgress, @unchecked Sendable {
        let delivered = Atomic<Int>(0)
        let most = Atomic<Int>(0)
        func draw(done: Int) {
            let ahead = done - delivered.load(ordering: .acquiring)
            var seen = most.load(ordering: .relaxed)
            while ahead > seen {
                let (exchanged, original) = most.compareExchange(expected: seen, desired: ahead, ordering: .relaxed)
                if exchanged { break }
                seen = original
            }
        }
        func finish(done: Int) {}
    }

    @Test(arguments: [1, 2])
    func workersWaitForASlowWriter(workers: Int) throws {
        let ahead = Ahead()
        var seeds: [UInt64] = []
        // Games of one piece take microseconds; each hand-over takes a millisecond, so an
        // unbounded pool would have played all 600 long before the writer reached them.
        try OrderedRun.play(.standard, seeds: 1...600, config: SimulationConfig(cap: 1), workers: workers,
                            progress: ahead) { record in
            seeds.append(record.seed)
            usleep(1000)
            ahead.delivered.add(1, ordering: .releasing)
        }
        #expect(seeds == Array(1...600))
        // The progress thread sampled every 100 ms: never more ahead than the bound.
        #expect(ahead.most.load(ordering: .relaxed) <= OrderedRun.maxWaiting + workers + 1)
        #expect(ahead.most.load(ordering: .relaxed) > 0)
    }

    /// `sim --versus` and `stats` on versus files: matches are played a block at a time, so
    /// under a slow writer the matches played never run more than a block ahead.
    @Test(arguments: [1, 2])
    func versusMatchesWaitForASlowWriter(workers: Int) throws {
        let ahead = Ahead()
        let spec = VersusSpec(name: "standard") { VersusRules(rules: StandardRules()) }
        var seeds: [UInt64] = []
        try VersusPool.play(spec, seeds: 1...400, config: VersusConfig(cap: 1), workers: workers,
                            progress: ahead) { (record: MatchRecord) throws(SweepError) in
            seeds.append(record.seed)
            usleep(1000)
            ahead.delivered.add(1, ordering: .releasing)
        }
        #expect(seeds == Array(1...400))
        #expect(ahead.most.load(ordering: .relaxed) <= VersusPool.blockSize)
        #expect(ahead.most.load(ordering: .relaxed) > 0)
    }

    @Test func aFailingWriterStopsTheRunWithoutHanging() throws {
        struct Stop: Error {}
        var handed = 0
        #expect(throws: Stop.self) {
            try OrderedRun.play(.standard, seeds: 1...5000, config: SimulationConfig(cap: 1), workers: 2, progress: nil) { _ in
                handed += 1
                if handed == 100 { throw Stop() }
            }
        }
        #expect(handed == 100)
    }
}
