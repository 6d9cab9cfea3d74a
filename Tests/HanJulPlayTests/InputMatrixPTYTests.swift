import Foundation
import HanJulCore
import HanJulReplay
import PTYSupport
import TestTiers
import Testing

/// The rest of the input-fidelity matrix (#34): mixed keys and chords, and kitty's protocol
/// with press events only (a terminal that takes the keyboard protocol but not its release
/// events). Keys typed into a real pseudo-terminal; the saved replay must hold what they meant.
@Suite("input matrix: mixed keys, chords, kitty without releases", .serialized,
       .enabled(if: GameHarness.isReady, GameHarness.notReady), .needsTerminal)
struct InputMatrixPTYTests {
    static let left = "\u{1B}[D", right = "\u{1B}[C"

    /// The replay of a standard game (seed 1: an I first, room on both sides) fed `events`.
    static func play(answer: PTYDriver.Answer, events: [(Double, [UInt8])], quit: String = "q",
                     arguments: [String] = []) throws -> Replay {
        let home = try GameHarness.Home()
        defer { home.remove() }
        let run = try GameHarness.run(["play", "--seed", "1", "--das", "150", "--arr", "0"] + arguments, home: home, answer: answer, steps: [
            .wait("SCORE", from: "start"), .pump(0.3), .timed(events), .pump(0.6), .send(quit), .exit(),
        ])
        expectBaseline(run)
        return try #require(home.savedReplays().first, "no replay: \(run.outputText.suffix(300))")
    }

    static func moves(_ replay: Replay) -> String {
        ActionScript.text(of: replay.actions.filter { $0.kind != .wait && $0.kind != .gravity })
    }

    @Test("no release events: mixed taps ← w → w Space at 30–120 ms gaps give exactly L C R C H", arguments: [30.0, 60.0, 120.0])
    func mixedTaps(gap: Double) throws {
        let keys = [Self.left, "w", Self.right, "w", " "]
        let events = keys.enumerated().map { (Double($0.offset) * gap / 1000, Array($0.element.utf8)) }
        let replay = try Self.play(answer: .da1, events: events)
        #expect(Self.moves(replay) == "LCRCH", "\(Int(gap)) ms: \(ActionScript.text(of: replay.actions))")
    }

    @Test("kitty with releases, a chord: ← held while w is tapped twice auto-shifts to the wall and turns twice, then Space")
    func kittyChord() throws {
        func press(_ code: String) -> [UInt8] { Array("\u{1B}[\(code)".utf8) }
        // ← as kitty sends it: CSI D (press), CSI 1;1:3 D (release).
        let events: [(Double, [UInt8])] = [
            (0.0, press("D")), (0.25, press("119u")), (0.26, press("119;1:3u")),
            (0.32, press("119u")), (0.33, press("119;1:3u")), (0.45, press("1;1:3D")),
            (0.5, press("32u")), (0.51, press("32;1:3u")),
        ]
        let replay = try Self.play(answer: .kitty, events: events, quit: "\u{1B}[113u")
        let moves = Self.moves(replay)
        // The held ← keeps the piece at the wall through the turns (LLL C LL C: the standing I
        // is one column off the wall until it shifts again).
        #expect(moves.hasPrefix("LLL") && moves.hasSuffix("H"), "auto-shift to the wall first: \(ActionScript.text(of: replay.actions))")
        #expect(moves.filter { $0 == "C" }.count == 2 && moves.filter { $0 == "H" }.count == 1, "both taps turn, one drop: \(moves)")
        #expect(!moves.contains("R"), "\(moves)")
    }

    @Test("kitty's protocol with press events only: every tap of w w Space counts, none is held for ever")
    func kittyWithoutReleases() throws {
        var events: [(Double, [UInt8])] = []
        for round in 0..<4 {
            let start = Double(round) * 0.4
            for (index, code) in ["119u", "119u", "32u"].enumerated() {
                events.append((start + Double(index) * 0.045, Array("\u{1B}[\(code)".utf8)))
            }
        }
        let replay = try Self.play(answer: .kitty, events: events, quit: "\u{1B}[113u")
        #expect(Self.moves(replay) == String(repeating: "CCH", count: 4), "\(ActionScript.text(of: replay.actions))")
    }
}
