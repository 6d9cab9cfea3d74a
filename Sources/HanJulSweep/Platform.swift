import HanJulSystem
import HanJulSim
import Synchronization

/// The few system calls the simulation commands need: cores, clocks, a tty test, threads.
package enum Platform {
    /// The machine's online CPUs (not what this process may use: see ``cpuGrant``).
    package static var onlineCount: Int { SystemProcess.onlineProcessors }

    /// The CPUs this process was granted: its affinity mask and its cgroup's CPU quota.
    package static var cpuGrant: CPUGrant {
        CPUGrant(affinity: affinityCount, quota: cgroupQuota, online: onlineCount)
    }

    /// CPUs in the affinity mask (`Cpus_allowed_list` of `/proc/self/status`, what
    /// `sched_getaffinity` reports), nil if it cannot be read.
    package static var affinityCount: Int? {
        readSmallFile("/proc/self/status").flatMap(CPUGrant.affinity(status:))
    }

    /// The cgroup CPU quota in CPUs (v2 or v1), nil when there is none.
    package static var cgroupQuota: Double? {
        guard let cgroup = readSmallFile("/proc/self/cgroup"), let mounts = readSmallFile("/proc/self/mountinfo") else { return nil }
        return CPUGrant.quota(cgroup: cgroup, mountInfo: mounts, read: readSmallFile)
    }

    /// A small text file from /proc or /sys (which report size 0, so read until the end).
    package static func readSmallFile(_ path: String) -> String? {
        guard let fd = try? FileDescriptor.open(path, [.closeOnExec]) else { return nil }
        defer { try? fd.close() }
        // A read error ends the text where it stopped, as end of file would.
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            guard let n = try? fd.read(into: &buffer), n > 0 else { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    package static var isStandardErrorTerminal: Bool { FileDescriptor.standardError.isTerminal }

    /// Seconds on the monotonic clock.
    package static func wallSeconds() -> Double { SystemClock.monotonic.seconds() }

    /// CPU seconds used by the whole process (every thread).
    package static func cpuSeconds() -> Double { SystemClock.processCPU.seconds() }

    /// Runs `body(worker)` on `count` threads and waits for all of them.
    package static func runThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        join(startThreads(count, body))
    }

    /// Starts `body(worker)` on `count` threads; ``join(_:)`` waits for them.
    package static func startThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> [SystemThread] {
        (0..<count).map { worker in
            switch SystemThread.start({ body(worker) }) {
            case .success(let thread): return thread
            case .failure(let error): preconditionFailure("pthread_create failed: \(error.rawValue)")
            }
        }
    }

    package static func join(_ threads: [SystemThread]) {
        for thread in threads { thread.join() }
    }

    package static func sleep(milliseconds: Int) { SystemThread.sleep(microseconds: UInt32(milliseconds * 1000)) }
}
