import Foundation
import HanJulCore
import HanJulReplay
import PTYSupport
import TestTiers
import Testing

/// IRS in Master (#34, #37): under an entry delay a turn pressed during the delay, or held
/// through it where the terminal reports key release, turns the next piece as it enters.
/// Keys typed into a real pseudo-terminal; the saved replay played back by `hanjul run`
/// says how the entering piece stands.
@Suite("IRS: a turn in the entry delay turns the entering piece", .serialized, .enabled(if: GameHarness.isReady, GameHarness.notReady), .needsTerminal)
struct EntryTurnPTYTests {
    static let master = ["play", "--mod", "guideline", "--mod", "master", "--seed", "5", "--countdown", "0",
                         "--mods-dir", PTYDriver.packageRoot.appendingPathComponent("Mods").path]

    /// The replay of a Master game fed `events` (then quit with `quit`), and the piece in
    /// play (as `hanjul run --json` has it) once the wait after the first drop has told the
    /// entry delay.
    static func play(answer: PTYDriver.Answer, events: [(Double, [UInt8])], quit: String) throws -> (replay: Replay, piece: [String: Any]?) {
        let home = try GameHarness.Home()
        defer { home.remove() }
        let run = try GameHarness.run(master, home: home, answer: answer, steps: [
            .wait("SCORE", from: "start"), .pump(0.3), .timed(events), .pump(0.8), .send(quit), .exit(),
        ])
        expectBaseline(run)
        let replay = try #require(home.savedReplays().first, "no replay: \(run.outputText.suffix(300))")
        // Up to the wait after the drop that brings the next piece in (20G then locks it 500 ms later).
        let drop = replay.actions.firstIndex(of: .hardDrop) ?? 0
        let entry = replay.actions[drop...].firstIndex { $0.kind == .wait } ?? replay.actions.endIndex - 1
        let script = ActionScript.text(of: replay.actions[...entry])
        let played = try GameHarness.runPiped(["run", "--mod", "guideline", "--mod", "master", "--seed", "5", "--json",
                                               "--mods-dir", PTYDriver.packageRoot.appendingPathComponent("Mods").path,
                                               "--actions", script], home: home)
        #expect(played.status == 0, "\(String(decoding: played.stderr, as: UTF8.self))")
        let json = try JSONSerialization.jsonObject(with: Data(played.stdout)) as? [String: Any]
        return (replay, json?["piece"] as? [String: Any])
    }

    /// The actions but waits, as letters.
    static func moves(_ replay: Replay) -> String {
        ActionScript.text(of: replay.actions.filter { $0.kind != .wait })
    }

    @Test("xterm (no release): w pressed during the entry delay turns the next piece as it enters")
    func xtermPressDuringTheDelay() throws {
        let (replay, piece) = try Self.play(answer: .da1, events: [(0.0, Array(" ".utf8)), (0.15, Array("w".utf8))], quit: "q")
        #expect(Self.moves(replay) == "HC", "\(ActionScript.text(of: replay.actions))")
        #expect(piece?["rotation"] as? Int == 1, "the entering piece stands turned: \(String(describing: piece)) after \(ActionScript.text(of: replay.actions))")
    }

    @Test("kitty: w held from before the lock through the delay turns the next piece as it enters; pressed and released before, it does not")
    func kittyHeldThroughTheDelay() throws {
        let w = Array("\u{1B}[119u".utf8), wUp = Array("\u{1B}[119;1:3u".utf8)
        let space = Array("\u{1B}[32u".utf8), spaceUp = Array("\u{1B}[32;1:3u".utf8)
        let (held, heldPiece) = try Self.play(answer: .kitty, events: [
            (0.0, w), (0.1, space), (0.12, spaceUp), (0.9, wUp),
        ], quit: "\u{1B}[113u")
        #expect(Self.moves(held) == "CHC", "the first piece turned, then IRS: \(ActionScript.text(of: held.actions))")
        #expect(heldPiece?["rotation"] as? Int == 1, "\(String(describing: heldPiece)) after \(ActionScript.text(of: held.actions))")
        let timeline = InputFidelityPTYTests.timeline(held)
        if let drop = timeline.first(where: { $0.action == .hardDrop }), let entry = timeline.last(where: { $0.action == .rotate }) {
            #expect(abs(entry.at - drop.at - 417) <= 2, "the held turn given as the delay ends: \(entry.at - drop.at) ms after the drop")
        }
        let (released, releasedPiece) = try Self.play(answer: .kitty, events: [
            (0.0, w), (0.05, wUp), (0.1, space), (0.12, spaceUp),
        ], quit: "\u{1B}[113u")
        #expect(Self.moves(released) == "CH", "\(ActionScript.text(of: released.actions))")
        #expect(releasedPiece?["rotation"] as? Int == 0, "\(String(describing: releasedPiece))")
    }
}
