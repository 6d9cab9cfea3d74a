import Foundation
import LuaKit
import Synchronization
import Testing

@Suite struct WatchdogTests {
    @Test func aCallStuckInCIsReported() throws {  // L-24
        let reports = Mutex<[LuaHangReport]>([])
        let watchdog = LuaWatchdog(limitSeconds: 0.1, pollSeconds: 0.01) { report in
            reports.withLock { $0.append(report) }
        }
        defer { watchdog.stop() }
        let state = try makeState(watchdog: watchdog)
        // a host function stands in for a C function the count hook cannot interrupt
        state.register("stuck") { _ in Thread.sleep(forTimeInterval: 0.4); return 0 }
        _ = try run(state, "stuck()")
        _ = try run(state, "return 1")
        let seen = reports.withLock { $0 }
        #expect(seen.count == 1)
        #expect(seen.first?.label == "test")
        #expect((seen.first?.seconds ?? 0) >= 0.1)
    }

    @Test func fastCallsAreNotReported() throws {
        let reports = Mutex(0)
        let watchdog = LuaWatchdog(limitSeconds: 0.2, pollSeconds: 0.01) { _ in reports.withLock { $0 += 1 } }
        defer { watchdog.stop() }
        let state = try makeState(watchdog: watchdog)
        let f = try #require(try run(state, "return function(n) return n end").first?.functionValue)
        let end = Date().addingTimeInterval(0.5)
        while Date() < end { _ = try state.call(f, 1) }
        #expect(reports.withLock { $0 } == 0)
    }
}
