import Foundation
import HanJulPlay
import Testing

/// RELIABILITY T-14 in the game itself: the terminal closing under `hanjul play` (the pty
/// master hung up, as when a terminal window or an ssh connection goes away), and SIGHUP,
/// after a piece has locked. The game must end promptly without spinning, and the game's
/// replay must be saved and verify.
@Suite("hanjul play when its terminal goes away (RELIABILITY T-14)", .serialized,
       .enabled(if: PlayHarness.isReady, PlayHarness.notReadyReason))
struct HangupTests {
    /// What ends the game, and how the process must end: a hang-up is seen as closed input
    /// (the loop saves the replay and returns; status 1); SIGHUP saves the replay, restores
    /// and dies by the signal.
    static let cases: [(scenario: String, exit: PlayHarness.Run.Exit)] = [
        ("lock-then-hangup", .init(kind: "exited", value: 1)),
        ("lock-then-sighup", .init(kind: "signaled", value: SIGHUP)),
    ]

    @Test("hang-up and SIGHUP after a piece locked: ends within a second, no busy loop, the replay is saved and verifies")
    func terminalGoesAway() throws {
        let homes = try Self.cases.map { _ in try PlayHarness.Home() }
        defer { homes.forEach { $0.remove() } }
        let jobs = zip(Self.cases, homes).map { item, home in
            PlayHarness.Job(scenario: item.scenario, arguments: ["play", "--seed", "7"], home: home)
        }
        let started = Date()
        let runs = PlayHarness.driveAll(jobs)
        for ((scenario, exit), (home, result)) in zip(Self.cases, zip(homes, runs)) {
            let run: PlayHarness.Run
            do { run = try result.get() } catch {
                Issue.record("\(scenario): \(error)")
                continue
            }
            #expect(run.error == nil, "\(scenario): driver error: \(run.error ?? "")")
            #expect(run.rawWhileRunning == true, "\(scenario)")
            #expect(run.exit == exit, "\(scenario): status \(run.status)")

            // Promptly, and without a retry loop: the CPU time from the hang-up (or the
            // signal) to the end is what the exit itself costs.
            let seconds = run.secondsToExit ?? .infinity
            #expect(seconds < 1.0, "\(scenario): \(seconds) s from the hang-up to the exit")
            if let before = run.cpuBeforeEnd, let total = run.cpuAtExit {
                #expect(total - before < 0.25, "\(scenario): \(total - before) s of CPU after the terminal went away")
            } else {
                Issue.record("\(scenario): no CPU figures: \(run.status)")
            }
            if scenario == "lock-then-sighup" {
                // The terminal is still there: the baseline is restored before the signal.
                expectBaseline(run)
                expectNothingDrawnAfterRestore(run, scenario)
            }

            // The replay of the game (one piece locked) is saved where replays go and verifies.
            let folder = home.hanjulData + "/replays"
            let replays = home.files(in: folder).filter { $0.hasSuffix(".hjr") }
            #expect(replays.count == 1, "\(scenario): replays \(replays)")
            if let replay = replays.first {
                let verify = try PlayHarness.runPiped(["replay", "--verify", folder + "/" + replay], home: home)
                let report = String(decoding: verify.stdout, as: UTF8.self)
                #expect(verify.status == 0 && report.hasPrefix("match:"),
                        "\(scenario): replay --verify: \(verify.status) \(report) \(String(decoding: verify.stderr, as: UTF8.self))")
            }
            print("\(scenario): ended \(String(format: "%.3f", seconds)) s after, CPU \(run.cpuBeforeEnd ?? -1) s before, \(run.cpuAtExit ?? -1) s at exit")
        }
        print("T-14 in the game: both cases in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
    }
}

/// The test-only crash switch (`HANJUL_TEST_CRASH`) parses only what it documents.
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
