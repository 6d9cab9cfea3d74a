import Foundation
@testable import HanJulPlay
import PTYSupport
import TestTiers
import Testing

/// RELIABILITY T-14 in the game itself: the terminal closing under `hanjul play` (the pty
/// master hung up, as when a terminal window or an ssh connection goes away), and SIGHUP,
/// after a piece has locked. The game must end promptly without spinning, and the game's
/// replay must be saved and verify.
@Suite("hanjul play when its terminal goes away (RELIABILITY T-14)", .serialized,
       .enabled(if: GameHarness.isReady, GameHarness.notReady), .needsTerminal)
struct HangupTests {
    /// What ends the game, and how the process must end: a hang-up is seen as closed input
    /// (the loop saves the replay and returns; status 1); SIGHUP saves the replay, restores
    /// and dies by the signal.
    static let cases: [(name: String, end: PTYStep, exit: PTYRun.Exit)] = [
        ("hang-up", .hangup, .exited(1)),
        ("SIGHUP", .signal("SIGHUP"), .signaled(SIGHUP)),
    ]

    @Test("hang-up and SIGHUP after a piece locked: ends within a second, no busy loop, the replay is saved and verifies")
    func terminalGoesAway() throws {
        let homes = try Self.cases.map { _ in try GameHarness.Home() }
        defer { homes.forEach { $0.remove() } }
        let started = Date()
        let runs = PTYDriver.runAll(zip(Self.cases, homes).map { item, home in
            { try GameHarness.run(home: home, steps: GameHarness.started + [
                // Hard drop: the piece locks at once, so the game has a replay to save.
                .send(" "), .settle(), .cpu(as: "cpuBeforeEnd"), item.end, .exit(timeout: 10),
            ]) }
        })
        for ((name, _, exit), (home, result)) in zip(Self.cases, zip(homes, runs)) {
            let run: PTYRun
            do { run = try result.get() } catch {
                Issue.record("\(name): \(error)")
                continue
            }
            #expect(run.error == nil, "\(name): driver error: \(run.error ?? "")")
            #expect(run.flag("rawWhileRunning") == true, "\(name)")
            #expect(run.exit == exit, "\(name): status \(run.status)")

            // Promptly, and without a retry loop: the CPU time from the hang-up (or the
            // signal) to the end is what the exit itself costs.
            let from = run.number("hangupAt") ?? run.number("signalAt") ?? 0
            let seconds = (run.number("exitedAt") ?? .infinity) - from
            #expect(seconds < 1.0, "\(name): \(seconds) s from the hang-up to the exit")
            if let before = run.number("cpuBeforeEnd"), let total = run.cpuAtExit {
                #expect(total - before < 0.25, "\(name): \(total - before) s of CPU after the terminal went away")
            } else {
                Issue.record("\(name): no CPU figures: \(run.status)")
            }
            if name == "SIGHUP" {
                // The terminal is still there: the baseline is restored before the signal.
                expectBaseline(run)
                expectNothingDrawnAfterRestore(run, name)
            }

            // The replay of the game (one piece locked) is saved where replays go and verifies.
            let replays = home.files(in: home.replays).filter { $0.hasSuffix(".hjr") }
            #expect(replays.count == 1, "\(name): replays \(replays)")
            if let replay = replays.first {
                let verify = try GameHarness.runPiped(["replay", "--verify", home.replays + "/" + replay], home: home)
                let report = String(decoding: verify.stdout, as: UTF8.self)
                #expect(verify.status == 0 && report.hasPrefix("match:"),
                        "\(name): replay --verify: \(verify.status) \(report) \(String(decoding: verify.stderr, as: UTF8.self))")
            }
            print("\(name): ended \(String(format: "%.3f", seconds)) s after, CPU \(run.number("cpuBeforeEnd") ?? -1) s before, \(run.cpuAtExit ?? -1) s at exit")
        }
        print("T-14 in the game: both cases in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
    }
}

#if HANJUL_TEST_SWITCHES
/// The test-only crash switch (`HANJUL_TEST_CRASH`, debug builds only) parses only what it
/// documents.
@Suite("the test-only crash switch")
struct TestCrashSwitchTests {
    @Test("on-key[:trap|segv|abort] and after-frame[:N]; anything else is no crash")
    func parses() {
        #expect(TestCrash(environmentValue: "on-key") == .onKey(.trap))
        #expect(TestCrash(environmentValue: "on-key:trap") == .onKey(.trap))
        #expect(TestCrash(environmentValue: "on-key:segv") == .onKey(.segv))
        #expect(TestCrash(environmentValue: "on-key:abort") == .onKey(.abort))
        #expect(TestCrash(environmentValue: "after-frame") == .afterFrame(1))
        #expect(TestCrash(environmentValue: "after-frame:3") == .afterFrame(3))
        for value in [nil, "", "on-key:", "on-key:bus", "ON-KEY", "after-frame:0", "after-frame:x", "segv"] {
            #expect(TestCrash(environmentValue: value) == nil, "\(value ?? "nil")")
        }
    }
}
#endif
