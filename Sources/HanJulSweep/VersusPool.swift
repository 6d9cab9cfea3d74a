import HanJulSim
import Synchronization

/// Plays versus matches on worker threads. Each match depends only on its seed, and the
/// tally is made of sums added in seed order, so the result is the same whatever `workers`.
package enum VersusPool {
    package static func tally(_ spec: VersusSpec, seeds: ClosedRange<UInt64>, config: VersusConfig,
                              workers: Int) throws(SweepError) -> VersusTally {
        let count = seeds.count, first = seeds.lowerBound
        let results = Mutex<[MatchRecord?]>(Array(repeating: nil, count: count))
        let failed = Mutex<String?>(nil)
        let next = Atomic<Int>(0)
        Platform.runThreads(min(max(1, workers), max(1, count))) { _ in
            var player: any MatchPlayer
            do { player = try spec.player(config) } catch {
                failed.withLock { $0 = $0 ?? "\(spec.name): \(error)" }
                next.store(count, ordering: .relaxed)
                return
            }
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < count else { break }
                let record = player.play(seed: first + UInt64(index))
                results.withLock { $0[index] = record }
            }
        }
        if let message = failed.withLock({ $0 }) { throw SweepError(message) }
        var tally = VersusTally()
        for record in results.withLock({ $0 }) {
            guard let record else { throw SweepError("a match was not played") }
            tally.add(record)
        }
        return tally
    }
}
