import Glibc
import HanJulCommandLine
import HanJulFiles
import HanJulReplay
import HanJulSim
import Synchronization

/// The few system calls the simulation commands need: cores, clocks, a tty test, threads.
enum Platform {
    static var coreCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    static var isStandardErrorTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Seconds on the monotonic clock.
    static func wallSeconds() -> Double { seconds(CLOCK_MONOTONIC) }

    /// CPU seconds used by the whole process (every thread).
    static func cpuSeconds() -> Double { seconds(CLOCK_PROCESS_CPUTIME_ID) }

    private static func seconds(_ clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    /// Runs `body(worker)` on `count` threads and waits for all of them.
    static func runThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        final class Start {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        var threads: [pthread_t] = []
        for worker in 0..<count {
            var thread = pthread_t()
            let start = Unmanaged.passRetained(Start { body(worker) }).toOpaque()
            let status = pthread_create(&thread, nil, { raw in
                Unmanaged<Start>.fromOpaque(raw!).takeRetainedValue().body()
                return nil
            }, start)
            precondition(status == 0, "pthread_create failed: \(status)")
            threads.append(thread)
        }
        for thread in threads { pthread_join(thread, nil) }
    }

    static func sleep(milliseconds: Int) { usleep(UInt32(milliseconds * 1000)) }
}

/// Plays many seeds on worker threads; results are collected by index, so they are the same
/// whatever the number of workers.
enum ParallelRun {
    final class Slots: @unchecked Sendable {
        // Each index is written by exactly one worker, and read only after every worker joined.
        let records: UnsafeMutableBufferPointer<GameRecord?>
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let finishedWorkers = Atomic<Int>(0)
        let failed = Mutex<String?>(nil)
        init(_ count: Int) {
            records = .allocate(capacity: count)
            records.initialize(repeating: nil)
        }
        deinit {
            records.deinitialize()
            records.deallocate()
        }
    }

    /// The records of `seeds`, in order. A rule set that fails to load throws its message.
    /// With `replayFolder`, each game's replay is saved there as `<rules>-<seed>.hjr`; a
    /// replay that cannot be saved is reported and does not stop the run.
    static func play(_ spec: RuleSetSpec, seeds: [UInt64], config: SimulationConfig, workers: Int,
                     label: String, replayFolder: String? = nil) throws(UsageError) -> [GameRecord] {
        var recording = config
        recording.recordsReplays = replayFolder != nil
        let config = recording
        let fileStem = spec.name.map { $0.isLetter || $0.isNumber || $0 == "+" ? $0 : "-" }
        let slots = Slots(seeds.count)
        let count = seeds.count
        let progress = Platform.isStandardErrorTerminal ? ProgressBar(total: count, label: label) : nil
        let threads = min(workers, max(1, count))
        Platform.runThreads(threads + (progress == nil ? 0 : 1)) { worker in
            if worker == threads {
                // The progress bar's own thread: redraws until every game is done.
                while slots.finishedWorkers.load(ordering: .acquiring) < threads {
                    progress?.draw(done: slots.done.load(ordering: .relaxed))
                    Platform.sleep(milliseconds: 100)
                }
                return
            }
            defer { slots.finishedWorkers.add(1, ordering: .releasing) }
            var player: any SeedPlayer
            do {
                player = try spec.player(config)
            } catch {
                slots.failed.withLock { $0 = $0 ?? "\(spec.name): \(error)" }
                slots.next.store(count, ordering: .relaxed)
                return
            }
            while true {
                let index = slots.next.add(1, ordering: .relaxed).oldValue
                guard index < count else { break }
                slots.records[index] = player.play(seed: seeds[index])
                if let replayFolder, let replay = player.lastReplay {
                    let path = replayFolder + "/" + String(fileStem) + "-\(seeds[index]).hjr"
                    do throws(FileError) { try ReplayFile.write(replay, to: path) } catch {
                        slots.failed.withLock { $0 = $0 ?? error.playerMessage(saving: "a replay") }
                    }
                }
                slots.done.add(1, ordering: .relaxed)
            }
        }
        progress?.finish()
        if let message = slots.failed.withLock({ $0 }) { throw UsageError(message) }
        return slots.records.map { $0! }
    }
}
