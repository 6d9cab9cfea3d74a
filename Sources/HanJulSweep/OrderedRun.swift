import Dispatch
import HanJulSystem
import HanJulFiles
import HanJulReplay
import HanJulSim
import Synchronization

/// Plays many seeds on worker threads and hands their records over in seed order, each as
/// soon as every earlier seed is done: what is handed over does not depend on the number of
/// workers or on which finished first, so a stream of them can be written as it goes.
/// What a run tells about its progress, from a thread of its own every 100 ms (and once
/// before any game, and once at the end); the command decides how to show it.
package protocol RunProgress: Sendable {
    func draw(done: Int)
    func finish(done: Int)
}

package enum OrderedRun {
    /// How many finished games may wait to be handed over before the workers wait (besides
    /// one game in play per worker). Small: a record is a few hundred bytes, and games are
    /// handed over as soon as they are next in order; 64 covers a worker finishing many
    /// short games while another plays a long one.
    package static let maxWaiting = 64

    /// What the workers share. Games are handed over by the worker that finds the next one in
    /// order ready (one at a time, under `delivery`), not by the calling thread: waking that
    /// thread for every game cost two context switches a game, most of a short game's time.
    package final class Shared: @unchecked Sendable {
        /// Records finished out of order, by index, until every earlier one is handed over.
        package let ready = Mutex<[Int: GameRecord]>([:])
        /// The next index to hand over and the first error `deliver` threw; held while handing over.
        package let delivery = Mutex<(next: Int, failure: (any Error)?)>((0, nil))
        /// Set after a record is made ready: a worker that finds `delivery` held leaves the
        /// record to the holder, which looks again when it sees this set after letting go.
        package let pending = Atomic<Bool>(false)
        package let next = Atomic<Int>(0)
        package let done = Atomic<Int>(0)
        package let finishedWorkers = Atomic<Int>(0)
        package let failed = Mutex<String?>(nil)
        /// One permit per game a worker may take before earlier ones are handed over.
        package let permits: DispatchSemaphore
        /// The caller's `deliver`, called only under `delivery`, so by one thread at a time.
        nonisolated(unsafe) let deliver: (GameRecord) throws -> Void

        init(permits: Int, deliver: @escaping (GameRecord) throws -> Void) {
            // Made at 0 and raised: libdispatch traps when a semaphore goes away below the
            // value it was made with, which a stopped run leaves.
            self.permits = DispatchSemaphore(value: 0)
            for _ in 0..<permits { self.permits.signal() }
            self.deliver = deliver
        }

        /// Hands over every record that is next in order, unless another worker is doing so
        /// (which then hands over this one too).
        func handOver(count: Int) {
            while true {
                pending.store(true, ordering: .sequentiallyConsistent)
                let held: Void? = delivery.withLockIfAvailable { state in
                    pending.store(false, ordering: .sequentiallyConsistent)
                    while let record = ready.withLock({ $0.removeValue(forKey: state.next) }) {
                        state.next += 1
                        permits.signal()
                        guard state.failure == nil else { continue }
                        do { try deliver(record) } catch {
                            state.failure = error
                            next.store(count, ordering: .relaxed)
                        }
                    }
                }
                if held == nil || !pending.load(ordering: .sequentiallyConsistent) { return }
            }
        }
    }

    /// Plays `seeds` and calls `deliver` with each record in seed order, one call at a time
    /// (from the worker threads). A rule set that fails to load throws its message; an error
    /// `deliver` throws stops the workers and is rethrown. With `replayFolder`, each game's
    /// replay is saved there as `<rules>-<seed>.hjr`; a replay that cannot be saved is
    /// reported at the end.
    package static func play(_ spec: RuleSetSpec, seeds: ClosedRange<UInt64>, config: SimulationConfig, workers: Int,
                     progress: (any RunProgress)?, replayFolder: String? = nil,
                     deliver: @escaping (GameRecord) throws -> Void) throws {
        var recording = config
        recording.recordsReplays = replayFolder != nil
        let config = recording
        let fileStem = String(spec.name.map { $0.isLetter || $0.isNumber || $0 == "+" ? $0 : "-" })
        let count = seeds.count, first = seeds.lowerBound
        let threads = min(workers, max(1, count))
        // A permit per worker on top of `maxWaiting`: the game with the lowest index not yet
        // handed over always holds one, so it is played and the run never stalls.
        let shared = Shared(permits: maxWaiting + threads, deliver: deliver)
        // The first frame (0 done) before any worker starts, so it is there however busy
        // the machine is (ProgressTests look for it).
        progress?.draw(done: 0)
        let workerThreads = Platform.startThreads(threads) { _ in
            defer { shared.finishedWorkers.add(1, ordering: .releasing) }
            var player: any SeedPlayer
            do {
                player = try spec.player(config)
            } catch {
                shared.failed.withLock { $0 = $0 ?? "\(spec.name): \(error)" }
                shared.next.store(count, ordering: .relaxed)
                return
            }
            while true {
                shared.permits.wait()
                let index = shared.next.add(1, ordering: .relaxed).oldValue
                guard index < count else { break }
                let seed = first + UInt64(index)
                let record = player.play(seed: seed)
                if let replayFolder, let replay = player.lastReplay {
                    let path = replayFolder + "/" + fileStem + "-\(seed).hjr"
                    do throws(FileError) { try ReplayFile.write(replay, toOutput: path) } catch {
                        shared.failed.withLock { $0 = $0 ?? error.playerMessage(saving: "a replay") }
                    }
                }
                shared.ready.withLock { $0[index] = record }
                shared.done.add(1, ordering: .relaxed)
                shared.handOver(count: count)
            }
        }
        let progressThread = progress.map { bar in
            Platform.startThreads(1) { _ in
                // Redraws until every worker is done.
                while shared.finishedWorkers.load(ordering: .acquiring) < threads {
                    bar.draw(done: shared.done.load(ordering: .relaxed))
                    Platform.sleep(milliseconds: 100)
                }
            }
        } ?? []
        // Workers that stopped early (a failure) leave others waiting for permits no game
        // will give back: each worker gives one back as it ends.
        Platform.join(workerThreads)
        Platform.join(progressThread)
        let (delivered, failure) = shared.delivery.withLock { ($0.next, $0.failure) }
        progress?.finish(done: delivered)
        if let failure { throw failure }
        if let message = shared.failed.withLock({ $0 }) { throw SweepError(message) }
        precondition(delivered == count, "every seed is played")
    }

    /// The records of `seeds`, in order.
    package static func records(_ spec: RuleSetSpec, seeds: ClosedRange<UInt64>, config: SimulationConfig, workers: Int,
                        progress: (any RunProgress)?) throws(SweepError) -> [GameRecord] {
        var records: [GameRecord] = []
        records.reserveCapacity(min(seeds.count, 1 << 16))
        do {
            try play(spec, seeds: seeds, config: config, workers: workers, progress: progress) { records.append($0) }
        } catch let error as SweepError {
            throw error
        } catch {
            throw SweepError("\(error)")
        }
        return records
    }
}
