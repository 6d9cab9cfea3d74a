import HanJulSim
import HanJulSystem
import Synchronization

/// Plays versus matches on worker threads. Each match depends only on its seed, and the
/// matches are handed on in seed order, so the result is the same whatever `workers`.
package enum VersusPool {
    /// Matches played before their block is handed on: a stopped run loses at most a block.
    package static let blockSize = 64

    package static func tally(_ spec: VersusSpec, seeds: ClosedRange<UInt64>, config: VersusConfig,
                              workers: Int) throws(SweepError) -> VersusTally {
        var tally = VersusTally()
        try play(spec, seeds: seeds, config: config, workers: workers) { tally.add($0) }
        return tally
    }

    /// Plays the matches of `seeds`, giving each to `emit` in seed order, a block at a time.
    /// `progress` hears the matches done every 100 ms from a thread of its own (and once
    /// before any match, and once at the end), as a run of games tells it (OrderedRun).
    /// With `speed`, each side's choices are timed on each worker thread's CPU clock and
    /// summed there.
    package static func play(_ spec: VersusSpec, seeds: ClosedRange<UInt64>, config: VersusConfig, workers: Int,
                             progress: (any RunProgress)? = nil, speed: SearchTotals? = nil,
                             emit: (MatchRecord) throws(SweepError) -> Void) throws(SweepError) {
        let count = seeds.count, first = seeds.lowerBound
        let threads = min(max(1, workers), max(1, count))
        let done = Atomic<Int>(0), stopped = Atomic<Bool>(false)
        progress?.draw(done: 0)
        let progressThread = progress.map { bar in
            Platform.startThreads(1) { _ in
                while !stopped.load(ordering: .acquiring) {
                    bar.draw(done: done.load(ordering: .relaxed))
                    Platform.sleep(milliseconds: 100)
                }
            }
        } ?? []
        defer {
            stopped.store(true, ordering: .releasing)
            Platform.join(progressThread)
            progress?.finish(done: done.load(ordering: .relaxed))
        }
        var start = 0
        while start < count {
            let size = min(blockSize, count - start)
            let results = Mutex<[MatchRecord?]>(Array(repeating: nil, count: size))
            let failed = Mutex<String?>(nil)
            let next = Atomic<Int>(0)
            let base = start
            Platform.runThreads(min(threads, size)) { _ in
                var player: any MatchPlayer
                do { player = try spec.player(config) } catch {
                    failed.withLock { $0 = $0 ?? "\(spec.name): \(error)" }
                    next.store(size, ordering: .relaxed)
                    return
                }
                if speed != nil { player.timeSearches { SystemClock.threadCPU.nanoseconds() } }
                while true {
                    let index = next.add(1, ordering: .relaxed).oldValue
                    guard index < size else { break }
                    let record = player.play(seed: first + UInt64(base + index))
                    results.withLock { $0[index] = record }
                    done.add(1, ordering: .relaxed)
                }
                speed?.add(player.searchSpeed)
            }
            if let message = failed.withLock({ $0 }) { throw SweepError(message) }
            for record in results.withLock({ $0 }) {
                guard let record else { throw SweepError("a match was not played") }
                try emit(record)
            }
            start += size
        }
    }
}

/// Both sides' search speed summed over a run's worker threads (`sim --versus --speed`).
package final class SearchTotals: Sendable {
    private let sides = Mutex([SearchSpeed(), SearchSpeed()])

    package init() {}

    package func add(_ played: [SearchSpeed]) {
        sides.withLock { total in for side in 0..<2 { total[side].add(played[side]) } }
    }

    package var total: [SearchSpeed] { sides.withLock { $0 } }
}
