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
    /// one game in play per worker). Small: a record is a few hundred bytes, and the
    /// calling thread hands them over as fast as it can anyway; 64 covers a worker finishing
    /// many short games while another plays a long one.
    package static let maxWaiting = 64
    /// Permits go back to the workers this many at a time (and all before the calling
    /// thread waits).
    static let permitBatch = 16

    package final class Shared: @unchecked Sendable {
        /// Records finished out of order, by index, until every earlier one is handed over.
        package let ready = Mutex<[Int: GameRecord]>([:])
        /// Signalled once per finished record and once per worker that exits.
        package let signal = DispatchSemaphore(value: 0)
        package let next = Atomic<Int>(0)
        package let done = Atomic<Int>(0)
        package let finishedWorkers = Atomic<Int>(0)
        package let failed = Mutex<String?>(nil)
        /// One permit per game a worker may take before earlier ones are handed over.
        package let permits: DispatchSemaphore

        init(permits: Int) {
            // Made at 0 and raised: libdispatch traps when a semaphore goes away below the
            // value it was made with, which a stopped run leaves.
            self.permits = DispatchSemaphore(value: 0)
            for _ in 0..<permits { self.permits.signal() }
        }
    }

    /// Plays `seeds` and calls `deliver` with each record in seed order, on the calling
    /// thread. A rule set that fails to load throws its message; an error `deliver` throws
    /// stops the workers and is rethrown. With `replayFolder`, each game's replay is saved
    /// there as `<rules>-<seed>.hjr`; a replay that cannot be saved is reported at the end.
    package static func play(_ spec: RuleSetSpec, seeds: ClosedRange<UInt64>, config: SimulationConfig, workers: Int,
                     progress: (any RunProgress)?, replayFolder: String? = nil,
                     deliver: (GameRecord) throws -> Void) throws {
        var recording = config
        recording.recordsReplays = replayFolder != nil
        let config = recording
        let fileStem = String(spec.name.map { $0.isLetter || $0.isNumber || $0 == "+" ? $0 : "-" })
        let count = seeds.count, first = seeds.lowerBound
        let threads = min(workers, max(1, count))
        // A permit per worker on top of `maxWaiting`: the game with the lowest index not yet
        // handed over always holds one, so it is played and the run never stalls.
        let shared = Shared(permits: maxWaiting + threads)
        // The first frame (0 done) before any worker starts, so it is there however busy
        // the machine is (ProgressTests look for it).
        progress?.draw(done: 0)
        let workerThreads = Platform.startThreads(threads) { _ in
            defer {
                shared.finishedWorkers.add(1, ordering: .releasing)
                shared.signal.signal()
            }
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
                shared.signal.signal()
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
        var delivered = 0
        var failure: (any Error)?
        // Permits of handed-over games go back a batch at a time: one wake-up of a waiting
        // worker per batch, not per game (short games are a few microseconds each).
        var withheld = 0
        while delivered < count {
            if withheld > 0 {
                for _ in 0..<withheld { shared.permits.signal() }
                withheld = 0
            }
            shared.signal.wait()
            while failure == nil, let record = shared.ready.withLock({ $0.removeValue(forKey: delivered) }) {
                do { try deliver(record) } catch {
                    failure = error
                    shared.next.store(count, ordering: .relaxed)
                }
                delivered += 1
                withheld += 1
                if withheld == Self.permitBatch {
                    for _ in 0..<withheld { shared.permits.signal() }
                    withheld = 0
                }
            }
            if failure != nil { break }
            if shared.finishedWorkers.load(ordering: .acquiring) == threads && shared.ready.withLock({ $0[delivered] == nil }) { break }
        }
        // Workers waiting for a permit after a failure (no more are handed over) go on, see
        // that every seed is taken, and end.
        for _ in 0..<threads { shared.permits.signal() }
        Platform.join(workerThreads)
        Platform.join(progressThread)
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
