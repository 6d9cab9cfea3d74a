import Foundation
import PTYSupport
import TestTiers
import Testing

/// Issue 25 item 5: the game's manners under a locale that is not UTF-8, and a replay that
/// cannot be saved, through the real `hanjul play` in a pseudo-terminal.
@Suite("locale and read-only manners in a pseudo-terminal", .serialized, .enabled(if: GameHarness.isReady, GameHarness.notReady), .needsTerminal)
struct LocalePTYTests {
    /// The bytes above 0x7F in `bytes`, with a little context each, for the message.
    static func nonASCII(_ bytes: [UInt8]) -> [String] {
        bytes.indices.filter { bytes[$0] > 0x7F }.prefix(5).map { index in
            let context = bytes[max(0, index - 20)..<min(bytes.count, index + 20)]
            return String(decoding: context, as: UTF8.self).debugDescription
        }
    }

    /// The start screen, its Mods page, a game with its key list, pause and end (and the
    /// name prompt), back to the menu and out: under LANG=C, LC_ALL=C or LC_CTYPE=POSIX not
    /// one byte written is above 0x7F. With --unicode the same locale gets block characters.
    @Test("LANG=C hanjul play writes ASCII only, from the start screen to the end of a game",
          arguments: [["LANG=C"], ["LC_ALL=C"], ["LC_CTYPE=POSIX"]])
    func asciiUnderCLocale(locale: [String]) throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        let down = "\u{1B}[B"
        let run = try GameHarness.run(["play"], home: home, environment: locale, directory: PTYDriver.packageRoot.path, steps: [
            .wait("Quit", from: "start"), .settle(),
            .mark("mods"), .send(down + down), .send("\r"), .wait("Order:", from: "mods"), .settle(),
            .mark("back"), .send("\u{1B}"), .wait("Quit", from: "back"), .settle(),
            .mark("game"), .send("\u{1B}[A\u{1B}[A"), .send("\r"), .wait("SCORE", from: "game"), .settle(),
            // The key list pauses the game; closing it shows PAUSED; p plays on.
            .mark("help"), .send("?"), .wait("KEYS", from: "help"), .settle(),
            .mark("pause"), .send("?"), .wait("PAUSED", from: "pause"), .settle(), .send("p"), .settle(),
            .mark("over"), .repeatUntil(Array(" ".utf8), every: 0.03, until: "GAME OVER", timeout: 15), .settle(),
            .send("\r"), .settle(), .send("q"), .wait("Quit", from: "over"), .settle(), .send("q"), .exit(),
        ])
        expectBaseline(run)
        #expect(run.exit == .exited(0), "status \(run.status)")
        #expect(run.outputText.contains("GAME OVER"))
        let found = Self.nonASCII(run.outputBytes)
        #expect(found.isEmpty, "\(locale): bytes above 0x7F: \(found)")
    }

    @Test("--unicode draws UTF-8 under LANG=C; LANG=C.UTF-8 draws UTF-8 by default")
    func unicodeOnRequest() throws {
        for (arguments, environment) in [(["play", "--seed", "7", "--unicode"], ["LANG=C"]), (["play", "--seed", "7"], ["LANG=C.UTF-8"])] {
            let home = try GameHarness.Home()
            defer { home.remove() }
            let run = try GameHarness.run(arguments, home: home, environment: environment, steps: GameHarness.started + [.send("q"), .exit()])
            #expect(run.exit == .exited(0))
            #expect(!Self.nonASCII(run.outputBytes).isEmpty, "\(arguments) \(environment): no UTF-8 drawn")
        }
        let home = try GameHarness.Home()
        defer { home.remove() }
        let both = try GameHarness.runPiped(["play", "--ascii", "--unicode"], home: home)
        #expect(both.status == 2 && String(decoding: both.stderr, as: UTF8.self).contains("give --ascii or --unicode, not both"))
    }

    /// A data folder where no replay can be written (`replays` is a file, which stops root
    /// too): a game quit mid-way says so on standard error once the terminal is restored.
    @Test("a replay that cannot be saved is reported after a game quit mid-way", arguments: ["q", "SIGTERM"])
    func unsavedReplayIsReported(how: String) throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        try home.write("not a folder\n", to: "data/hanjul/replays")
        let end: PTYStep = how.hasPrefix("SIG") ? .signal(how) : .send(how)
        let run = try GameHarness.run(home: home, steps: GameHarness.started + [.send(" "), .settle(), end, .exit()])
        expectBaseline(run)
        let after = expectNothingDrawnAfterRestore(run, allowText: true, "quit with \(how)")
        #expect(after.contains("hanjul play: could not save the replay to \(home.replays)"), "\(how): \(after.debugDescription)")
        #expect(after.contains("Not a directory"), "\(after.debugDescription)")
    }
}
