import CLuaShim
import HanJulSystem

/// What the watchdog saw.
public struct LuaHangReport: Sendable, Equatable {
    /// The ``LuaState/label`` of the stuck state.
    public var label: String
    /// How long the call had been running when reported.
    public var seconds: Double
}

/// A wall-clock backstop for calls into Lua that never return (L-24), e.g. a C function
/// stuck in a loop the count hook cannot see.
///
/// A monitor thread polls every registered state. Each outermost call bumps a counter and
/// marks the state busy (two atomic stores: no clock is read on the call path). When the
/// same call is still running after `limitSeconds`, `onHang` runs **on the monitor
/// thread**. A stuck C function cannot be interrupted safely, so `onHang` should restore
/// the terminal, write a quarantine marker and `_exit` with a distinct status; if it
/// returns, the watchdog reports that call only once.
///
/// A watchdog report makes a replay "not reproducible" (L-16): instruction budgets are the
/// deterministic limit, this is only a backstop.
public final class LuaWatchdog: @unchecked Sendable {
    final class Slot: @unchecked Sendable {
        let pointer: OpaquePointer
        let label: String
        var lastEpoch: UInt64 = 0
        var since: Double = 0
        var reported = false
        init(label: String) {
            self.pointer = hj_watch_new()
            self.label = label
        }
        deinit { hj_watch_free(pointer) }
    }

    /// The longest a call may run.
    public let limitSeconds: Double
    /// How often the monitor looks.
    public let pollSeconds: Double
    private let onHang: @Sendable (LuaHangReport) -> Void
    private let lock = SystemMutex()
    private var slots: [ObjectIdentifier: Slot] = [:]
    private var stopped = false

    /// Starts the monitor thread.
    public init(limitSeconds: Double = 2, pollSeconds: Double = 0.05, onHang: @escaping @Sendable (LuaHangReport) -> Void) {
        self.limitSeconds = limitSeconds
        self.pollSeconds = pollSeconds
        self.onHang = onHang
        // A plain detached thread (`SystemThread`).
        let started = SystemThread.start(detached: true) { [weak self] in
            while let watchdog = self, watchdog.tick() {
                let pause = watchdog.pollSeconds
                SystemThread.sleep(microseconds: UInt32(max(1_000, min(1_000_000, pause * 1_000_000))))
            }
        }
        if case .failure(let error) = started { preconditionFailure("LuaWatchdog: pthread_create failed (\(error.rawValue))") }
    }

    /// Stops the monitor thread (also done when the watchdog is released).
    public func stop() {
        lock.lock(); stopped = true; lock.unlock()
    }

    deinit { stop() }

    func register(_ slot: Slot) {
        lock.lock(); slots[ObjectIdentifier(slot)] = slot; lock.unlock()
    }

    func unregister(_ slot: Slot) {
        lock.lock(); slots[ObjectIdentifier(slot)] = nil; lock.unlock()
    }

    /// One poll; false when stopped.
    private func tick() -> Bool {
        let now = SystemClock.monotonic.seconds()
        var hung: [LuaHangReport] = []
        lock.lock()
        if stopped { lock.unlock(); return false }
        for slot in slots.values {
            var epoch: UInt64 = 0
            let active = hj_watch_read(slot.pointer, &epoch) != 0
            if !active || epoch != slot.lastEpoch {
                slot.lastEpoch = epoch
                slot.since = now
                slot.reported = false
            } else if !slot.reported, now - slot.since >= limitSeconds {
                slot.reported = true
                hung.append(LuaHangReport(label: slot.label, seconds: now - slot.since))
            }
        }
        lock.unlock()
        for report in hung { onHang(report) }
        return true
    }
}
