import Foundation
import PTYSupport
import TestTiers
import Testing

/// The fault matrix in the start screen's states: the menu, Settings, High scores and the
/// replay browser, through the real `hanjul` (no arguments), in a plain terminal and in one
/// that answers as kitty does. `q` does not quit from a page (it goes back), so each run
/// ends with Ctrl-C, which quits from anywhere.
@Suite("the fault × state matrix of the start screen (RELIABILITY §2)", .serialized,
       .enabled(if: GameHarness.isReady, GameHarness.notReady), .needsTerminal)
struct MenuFaultMatrixTests {
    static let states = ["menu", "settings", "scores", "replays"]
    static let faults: [Fault] = [.ctrlCByte, .sigint, .sigterm, .sighup, .ctrlZ, .sigtstp, .sigstop, .resize, .burst, .crash, .segv, .abort]

    /// What each state shows, also once drawn again after a fault.
    static let marker = ["menu": "Quit", "settings": "soft_drop", "scores": "no games yet", "replays": "no replays yet"]

    static func reach(_ state: String) -> [PTYStep] {
        let downs = ["menu": 0, "settings": 3, "scores": 4, "replays": 5][state]!
        var steps: [PTYStep] = [.wait("Quit", from: "start"), .settle(), .raw(as: "rawWhileRunning")]
        if downs > 0 { steps += [.send(String(repeating: "\u{1B}[B", count: downs)), .send("\r")] }
        return steps + [.wait(marker[state]!, from: "start"), .settle()]
    }

    /// The matrix's steps for `fault`, ending with Ctrl-C instead of q, and waiting for
    /// this state's marker where the game's steps wait for the game's.
    static func steps(_ fault: Fault, state: String) -> [PTYStep] {
        fault.steps(state: "paused", modFile: nil).map { step in
            switch step {
            case .send("q"): .send("\u{03}")
            case .wait("PAUSED", let from, let timeout): .wait(marker[state]!, from: from, timeout: timeout)
            default: step
            }
        }
    }

    @Test("each fault in each start-screen state: baseline restored, exit status, the page drawn again after a stop or resize",
          arguments: faults)
    func cell(fault: Fault) throws {
        struct Cell: Sendable {
            var state: String
            var answer: PTYDriver.Answer?
            var home: GameHarness.Home
        }
        let cells = try Self.states.flatMap { state in
            try [nil, PTYDriver.Answer.kitty].map { Cell(state: state, answer: $0, home: try GameHarness.Home()) }
        }
        defer { cells.forEach { $0.home.remove() } }
        let started = Date()
        let runs = PTYDriver.runAll(cells.map { cell in {
            try GameHarness.run([], home: cell.home, environment: ["HANJUL_TEST_CRASH=\(fault.crashSwitch)"], answer: cell.answer,
                                steps: Self.reach(cell.state) + [.mark("reached")] + Self.steps(fault, state: cell.state))
        } })
        for (cell, result) in zip(cells, runs) {
            let name = "\(fault.rawValue) × \(cell.state)\(cell.answer == .kitty ? " (kitty)" : "")"
            let run: PTYRun
            do { run = try result.get() } catch {
                Issue.record("\(name): \(error)")
                continue
            }
            expectBaseline(run, name)
            #expect(run.exit == fault.expectedExit, "\(name): status \(run.status)")
            if cell.answer == .kitty {
                #expect(run.kitty.depthAtExit == 0, "\(name): \(run.kitty.events)")
            }
            let marker = Self.marker[cell.state]!
            switch fault {
            case .crash, .segv, .abort:
                let text = expectNothingDrawnAfterRestore(run, allowText: true, name)
                #expect(text.contains("Program crashed"), "\(name): \(text.prefix(200).debugDescription)")
            case .ctrlZ, .sigtstp, .sigstop:
                expectNothingDrawnAfterRestore(run, name)
                #expect(run.flag("rawAfterResume") == true, "\(name)")
                #expect(run.capturedText("resumed").contains(marker), "\(name): redrawn showing \(marker)")
            case .resize:
                expectNothingDrawnAfterRestore(run, name)
                #expect(run.capturedText("back").contains(marker), "\(name): grown back showing \(marker)")
            case .burst:
                expectNothingDrawnAfterRestore(run, name)
                #expect(run.capturedText("back").contains(marker), "\(name): the page at 80×24 after the burst")
            default:
                expectNothingDrawnAfterRestore(run, name)
            }
        }
        print("menu matrix \(fault.rawValue): 4 states × 2 terminals in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
    }
}
