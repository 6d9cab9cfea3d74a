import Foundation
import HanJulCore
import HanJulReplay
import PTYSupport
import TestTiers
import Testing

/// Every key counts in every terminal (#34): key streams typed into a real pseudo-terminal
/// that answers as xterm (no release events) or as kitty (release events), and into a real
/// tmux; the saved replay must hold exactly what the keys meant, at the bytes' times.
@Suite("input fidelity: every key counts, at its time", .serialized, .enabled(if: GameHarness.isReady, GameHarness.notReady), .needsTerminal)
struct InputFidelityPTYTests {
    static let rotate = Array("w".utf8), drop = Array(" ".utf8)

    /// The play times (ms) of every action in a replay, with the action.
    static func timeline(_ replay: Replay) -> [(action: Action, at: Int)] {
        var time = 0
        return zip(replay.actions, replay.times).map { action, delta in
            time += delta
            return (action, time)
        }
    }

    /// Six rounds of "w w Space", `gap` ms apart, 400 ms between rounds, from the first key
    /// of the session; then q.
    static func rounds(gap: Double, press: (String) -> [UInt8] = { Array($0.utf8) },
                       release: ((String) -> [UInt8])? = nil) -> [(Double, [UInt8])] {
        var events: [(Double, [UInt8])] = []
        for round in 0..<6 {
            let start = Double(round) * 0.4
            for (index, key) in ["w", "w", " "].enumerated() {
                let at = start + Double(index) * gap / 1000
                events.append((at, press(key)))
                if let release { events.append((at + 0.012, release(key))) }
            }
        }
        return events.sorted { $0.0 < $1.0 }
    }

    /// Checks a replay of `rounds`: six pieces, each turned twice then dropped, and each
    /// action's time, counted from the round's first, typically within 5 ms of its bytes' (6: the replay keeps
    /// whole milliseconds) and never near the 100 ms a deferred press took.
    static func expectRounds(_ replay: Replay, sent: [[Double]], pressesAt pressIndexes: [Int], _ label: String) {
        let actions = timeline(replay).filter { [.rotate, .hardDrop].contains($0.action) }
        let expected = Array(repeating: [Action.rotate, .rotate, .hardDrop], count: 6).flatMap { $0 }
        #expect(actions.map(\.action) == expected, "\(label): \(replay.actions)")
        #expect(replay.actions.filter { $0 == .hardDrop }.count == 6, "\(label): six pieces placed")
        guard actions.count == expected.count, sent.count > pressIndexes.max() ?? 0 else { return }
        let sentTimes = pressIndexes.map { sent[$0][0] * 1000 }
        var errors: [Double] = []
        for index in actions.indices where index % 3 != 0 {
            let played = actions[index].at - actions[index - 1].at
            let typed = sentTimes[index] - sentTimes[index - 1]
            errors.append(abs(Double(played) - typed))
            // A deferred press (the old bug) came 100 ms late; a loaded machine's scheduling adds ~10.
            #expect(abs(Double(played) - typed) <= 30, "\(label): action \(index) played \(played) ms after the one before, typed \(Int(typed)) ms after")
        }
        let median = errors.sorted()[errors.count / 2]
        #expect(median <= 6, "\(label): the typical press is played within 6 ms of its bytes (median error \(median) ms of \(errors))")
    }

    @Test("xterm (no release events): w w Space at 40, 50 and 90 ms gaps turns every piece twice and drops it at once", arguments: [40.0, 50.0, 90.0])
    func xtermTaps(gap: Double) throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        let events = Self.rounds(gap: gap)
        let run = try GameHarness.run(["play", "--mod", "guideline", "--seed", "87", "--countdown", "0",
                                       "--mods-dir", PTYDriver.packageRoot.appendingPathComponent("Mods").path],
                                      home: home, answer: .da1, steps: [
            .wait("SCORE", from: "start"), .pump(0.3), .timed(events), .pump(0.5), .send("q"), .exit(),
        ])
        expectBaseline(run)
        let replay = try #require(home.savedReplays().first, "no replay: \(run.outputText.suffix(300))")
        Self.expectRounds(replay, sent: run.sent?["timed"] ?? [], pressesAt: Array(0..<18), "xterm \(Int(gap)) ms")
    }

    @Test("kitty (release events): the same taps, pressed and released, give the same game")
    func kittyTaps() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        func code(_ key: String) -> Int { key == " " ? 32 : Int(key.unicodeScalars.first!.value) }
        let events = Self.rounds(gap: 45, press: { Array("\u{1B}[\(code($0))u".utf8) },
                                 release: { Array("\u{1B}[\(code($0));1:3u".utf8) })
        let run = try GameHarness.run(["play", "--mod", "guideline", "--seed", "87", "--countdown", "0",
                                       "--mods-dir", PTYDriver.packageRoot.appendingPathComponent("Mods").path],
                                      home: home, answer: .kitty, steps: [
            .wait("SCORE", from: "start"), .pump(0.3), .timed(events), .pump(0.5), .send("\u{1B}[113u"), .exit(),
        ])
        expectBaseline(run)
        let replay = try #require(home.savedReplays().first, "no replay: \(run.outputText.suffix(300))")
        // Presses are every other event (each followed by its release).
        Self.expectRounds(replay, sent: run.sent?["timed"] ?? [], pressesAt: Array(stride(from: 0, to: 36, by: 2)), "kitty")
    }

    @Test("no release events: taps of ← 20–200 ms apart move once each; a held ← (the terminal's repeats) auto-shifts to the wall", arguments: [20.0, 45.0, 70.0, 120.0, 200.0])
    func tapsMoveOnceEach(gap: Double) throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        // Three taps of → (the I piece, seed 1, has room for them), then a drop.
        var events: [(Double, [UInt8])] = (0..<3).map { (Double($0) * gap / 1000, Array("\u{1B}[C".utf8)) }
        events.append((3 * gap / 1000 + 0.05, Self.drop))
        // Then ← held: a press, the terminal's first repeat 500 ms on, then every 33 ms.
        let hold = 3 * gap / 1000 + 0.4
        events.append((hold, Array("\u{1B}[D".utf8)))
        for step in 0..<12 { events.append((hold + 0.5 + Double(step) * 0.033, Array("\u{1B}[D".utf8))) }
        let run = try GameHarness.run(["play", "--seed", "1", "--das", "150", "--arr", "0"], home: home, answer: .da1, steps: [
            .wait("SCORE", from: "start"), .pump(0.3), .timed(events), .pump(0.6), .send("q"), .exit(),
        ])
        expectBaseline(run)
        let replay = try #require(home.savedReplays().first)
        let first = replay.actions.prefix { $0 != .hardDrop }
        #expect(first.filter { $0 == .right }.count == 3 && !first.contains(.left), "\(Int(gap)) ms: \(replay.actions)")
        // The second piece went to the left wall: it cannot move left any more.
        let game = try replayed(replay)
        #expect(!game.state.fits(game.state.piece.offset(-1, 0)), "\(Int(gap)) ms: not at the wall: \(replay.actions)")
    }

    @Test("tmux (a real one, no release events): Right×4 Space moves exactly 4 and carries nothing into the next piece")
    func tmuxRightFour() throws {
        guard KittyEndToEndTests.which("tmux") != nil else { try Test.cancel("tmux is not installed") }
        let home = try GameHarness.Home()
        defer { home.remove() }
        let socket = "hanjul-fidelity-\(getpid())"
        let config = home.root + "/tmux.conf"
        try "set -g escape-time 0\n".write(toFile: config, atomically: true, encoding: .utf8)
        func tmuxRun(_ arguments: [String]) -> String {
            KittyEndToEndTests.run("tmux", ["-L", socket, "-f", config] + arguments,
                                   environment: ["PATH": "/usr/bin:/bin", "HOME": home.root, "LANG": "C.UTF-8"]).output
        }
        let command = "XDG_CONFIG_HOME=\(home.config) XDG_DATA_HOME=\(home.data) \(GameHarness.binary!) play --seed 3"
        // Started through Python, which closes every descriptor but the standard three in the
        // child: the server tmux leaves running must hold none of this process's (Foundation
        // waits on one to see its children end).
        let start = "import subprocess, sys; subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=open('\(home.root)/tmux.log', 'w'), stderr=subprocess.STDOUT)"
        KittyEndToEndTests.run("python3", ["-c", start, "tmux", "-L", socket, "-f", config, "new-session", "-d", "-s", "play", "-x", "100", "-y", "32", command],
                               environment: ["PATH": "/usr/bin:/bin", "HOME": home.root, "LANG": "C.UTF-8"])
        defer { _ = tmuxRun(["kill-server"]) }
        #expect(KittyEndToEndTests.waitUntil(15) { tmuxRun(["capture-pane", "-p", "-t", "play"]).contains("SCORE") }, "the game did not start in tmux")
        Thread.sleep(forTimeInterval: 0.5)
        _ = tmuxRun(["send-keys", "-t", "play", "Right", "Right", "Right", "Right", "Space"])
        // Time for any auto-shift to show itself on the next piece.
        Thread.sleep(forTimeInterval: 1.2)
        _ = tmuxRun(["send-keys", "-t", "play", "q"])
        #expect(KittyEndToEndTests.waitUntil(10) { !home.savedReplays().isEmpty }, "no replay saved")
        let replay = try #require(home.savedReplays().first)
        let drop = replay.actions.firstIndex(of: .hardDrop) ?? replay.actions.endIndex
        #expect(replay.actions[..<drop].filter { $0 == .right }.count == 4, "\(replay.actions)")
        #expect(!replay.actions[drop...].contains(.right), "carried into the next piece: \(replay.actions)")
    }
}

/// The replay's game played to its end under the built-in rules.
private func replayed(_ replay: Replay) throws -> Game<StandardRules> {
    var game = Game(rules: StandardRules(), source: replay.source)
    for action in replay.actions { game.apply(action) }
    return game
}

/// READY/GO (#34): a race's clock starts at GO; keys held through GO act on the first piece.
@Suite("READY/GO in a pseudo-terminal", .serialized, .enabled(if: GameHarness.isReady, GameHarness.notReady), .needsTerminal)
struct CountdownPTYTests {
    static let sprint = ["play", "--mod", "guideline", "--mod", "sprint", "--seed", "3", "--countdown", "1500",
                         "--mods-dir", PTYDriver.packageRoot.appendingPathComponent("Mods").path]

    @Test("Sprint shows READY, and its TIME is not running 1.2 s after the start with no key pressed; it runs after GO")
    func sprintWaitsForGo() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        let run = try GameHarness.run(Self.sprint, home: home, steps: [
            .wait("READY", from: "start"), .pump(1.2), .capture(as: "early", from: "start"),
            .pump(1.0), .capture(as: "late", from: "start"), .send("q"), .exit(),
        ])
        expectBaseline(run)
        let early = PTYRun.screen(of: run.captured("early"), width: 80, height: 24)
        let late = PTYRun.screen(of: run.captured("late"), width: 80, height: 24)
        #expect(early.contains("READY") && early.contains("0:00.000"), "\(early)")
        #expect(!late.contains("READY") && !late.contains("0:00.000"), "\(late)")
    }

    /// The replay of a sprint where `w` was held through GO, then Space.
    static func heldThroughGo(answer: PTYDriver.Answer, events: [(Double, [UInt8])], quit: String) throws -> Replay {
        let home = try GameHarness.Home()
        defer { home.remove() }
        let run = try GameHarness.run(sprint, home: home, answer: answer, steps: [
            .wait("READY", from: "start"), .timed(events), .pump(0.3), .send(quit), .exit(),
        ])
        expectBaseline(run)
        return try #require(home.savedReplays().first, "no replay: \(run.outputText.suffix(300))")
    }

    @Test("kitty: a turn held through GO turns the first piece as it enters (time 0), once")
    func kittyTurnHeldThroughGo() throws {
        let replay = try Self.heldThroughGo(answer: .kitty, events: [
            (0.2, Array("\u{1B}[119u".utf8)), (2.0, Array("\u{1B}[119;1:3u".utf8)), (2.2, Array("\u{1B}[32u".utf8)),
        ], quit: "\u{1B}[113u")
        let timeline = InputFidelityPTYTests.timeline(replay).filter { $0.action == .rotate || $0.action == .hardDrop }
        #expect(timeline.first?.action == .rotate && timeline.first?.at == 0, "\(replay.actions) \(replay.times)")
        #expect(timeline.map(\.action) == [.rotate, .hardDrop], "\(replay.actions)")
    }

    @Test("xterm: a turn held through GO (the terminal's repeats) turns the first piece as it enters, once")
    func xtermTurnHeldThroughGo() throws {
        var events: [(Double, [UInt8])] = [(0.2, Array("w".utf8))]
        var at = 0.7
        while at < 2.0 {
            events.append((at, Array("w".utf8)))
            at += 0.033
        }
        events.append((2.3, Array(" ".utf8)))
        let replay = try Self.heldThroughGo(answer: .da1, events: events, quit: "q")
        let timeline = InputFidelityPTYTests.timeline(replay).filter { $0.action == .rotate || $0.action == .hardDrop }
        #expect(timeline.first?.action == .rotate && timeline.first?.at == 0, "\(replay.actions) \(replay.times)")
        #expect(timeline.map(\.action) == [.rotate, .hardDrop], "\(replay.actions)")
    }
}

extension CountdownPTYTests {
    @Test("versus against the bot: READY before the game; the bot places nothing until GO, then plays")
    func versusBotWaitsForGo() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        let run = try GameHarness.run(["play", "--versus", "bot", "--pps", "4", "--best-of", "1", "--seed", "5", "--ascii", "--countdown", "1500"],
                                      home: home, steps: [
            .winsize(rows: 30, cols: 110), .wait("READY", from: "start"), .pump(1.0), .capture(as: "ready", from: "start"),
            .pump(1.5), .capture(as: "playing", from: "start"), .send("q"), .exit(),
        ])
        expectBaseline(run)
        /// The bot's pieces locked, from its PCS figure (the second on the screen).
        func botPieces(_ screen: String) -> Int? {
            let figures = screen.split(separator: "\n").compactMap { line -> [Int]? in
                guard line.contains("PCS") else { return nil }
                return line.split(separator: " ").compactMap { Int($0) }
            }.flatMap { $0 }
            return figures.count >= 2 ? figures[1] : nil
        }
        let ready = PTYRun.screen(of: run.captured("ready"), width: 110, height: 30)
        let playing = PTYRun.screen(of: run.captured("playing"), width: 110, height: 30)
        #expect(ready.contains("READY") && botPieces(ready) == 0, "\(ready)")
        #expect(!playing.contains("READY") && (botPieces(playing) ?? 0) >= 2, "\(playing)")
    }
}
