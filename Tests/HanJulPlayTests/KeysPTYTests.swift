import Foundation
import HanJulCore
@testable import HanJulPlay
import PTYSupport
import TestTiers
import Testing

/// Settings → Keys through the real `hanjul` in a pseudo-terminal, by keys only: a key
/// rebound there works in the next game, and the player's keys.conf keeps its lines.
@Suite("the Keys page in a pseudo-terminal", .serialized, .enabled(if: GameHarness.isReady, GameHarness.notReady), .needsTerminal)
struct KeysPTYTests {
    static let down = "\u{1B}[B"

    /// The player's own keys.conf, with comments.
    static let playerFile = """
        # my keys: do not lose this comment
        left = h, Left   # vim hand

        # hold = x  (tried it, hated it)
        hard_drop = Space
        """ + "\n"

    /// Keys from the start screen to Settings → Keys, on the hold row.
    static var toHoldRow: [PTYStep] {
        let holdRow = Control.allCases.firstIndex(of: .hold)!
        return [
            .wait("Quit", from: "start"), .settle(),
            .send(String(repeating: down, count: MenuScreen.items.firstIndex(of: "Settings")!) + "\r"), .settle(),   // Settings
            .send(String(repeating: down, count: MenuScreen.keysRow)), .settle(),
            .send("\r"), .settle(), .capture(as: "keys", from: "start"),  // Keys
            .send(String(repeating: down, count: holdRow)), .settle(),
        ]
    }

    /// Mods → guideline (it has hold), Enter: its game.
    static func playGuideline(_ ids: [String]) -> [PTYStep] {
        let index = ids.firstIndex(of: "guideline") ?? 0
        return [
            .send("\u{1B}"), .settle(), .send("\u{1B}"), .settle(),      // back to the menu
            .mark("mods"), .send("\u{1B}[A\r"), .wait("Order:", from: "mods"), .settle(),   // Settings → up → Mods
            .send(String(repeating: down, count: index)), .settle(),
            .mark("game"), .send("\r"), .wait("SCORE", from: "game"), .settle(),
        ]
    }

    @Test("Settings → Keys: hold rebound to v; the next game (guideline) holds with v, c no longer; keys.conf keeps the player's lines")
    func rebindHoldToV() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        try home.write(Self.playerFile, to: "config/hanjul/keys.conf")
        let ids = try MenuPTYTests.modIDs(home)
        try #require(ids.contains("guideline"), "\(ids)")
        let run = try GameHarness.run([], home: home, directory: PTYDriver.packageRoot.path, steps: Self.toHoldRow + [
            .send("\r"), .settle(), .capture(as: "waiting", from: "start"),
            .send("v"), .settle(), .capture(as: "bound", from: "start"),
        ] + Self.playGuideline(ids) + [
            .mark("c"), .send("c"), .settle(), .capture(as: "afterC", from: "start"),
            .mark("v"), .send("v"), .settle(), .capture(as: "afterV", from: "start"),
            .send("q"), .wait("Quit", from: "v"), .settle(), .send("q"), .exit(),
        ])
        expectBaseline(run)
        #expect(run.exit == .exited(0), "status \(run.status)")
        let keys = PTYRun.screen(of: run.captured("keys"))
        #expect(keys.contains("Settings: Keys") && keys.contains("Reset all keys to the defaults"), "\(keys)")
        #expect(keys.contains("left        [h] Left +"), "the keys of the player's file: \(keys)")
        #expect(PTYRun.screen(of: run.captured("waiting")).contains("hold        [press a key]"))
        let bound = PTYRun.screen(of: run.captured("bound"))
        #expect(bound.contains("hold        [v] +") && bound.contains("hold = v (saved in keys.conf)"), "\(bound)")

        // The file: the player's lines byte for byte, and hold's new line.
        let saved = try String(contentsOfFile: home.config + "/hanjul/keys.conf", encoding: .utf8)
        #expect(saved == Self.playerFile + "hold = v\n", "\(saved)")

        // The game: c did nothing, v held; the replay has exactly one hold.
        let replays = home.savedReplays()
        #expect(replays.count == 1)
        let actions = replays.first?.actions ?? []
        #expect(actions.filter { $0 == .hold }.count == 1, "\(actions)")
        #expect(replays.first?.rules.mods.map(\.id).contains("guideline") == true)
        let afterC = PTYRun.screen(of: run.captured("afterC")), afterV = PTYRun.screen(of: run.captured("afterV"))
        #expect(afterC.contains("HOLD") && afterC != afterV, "v changed the board (the piece went to HOLD)")
    }

    @Test("in kitty (its bytes): Shift alone bound to hold from the Keys page, then Shift holds in the next game")
    func bindShiftInKitty() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        try home.write(Self.playerFile, to: "config/hanjul/keys.conf")
        let ids = try MenuPTYTests.modIDs(home)
        let shiftTap = "\u{1B}[57441;2u\u{1B}[57441;1:3u"
        let run = try GameHarness.run([], home: home, answer: .kitty, directory: PTYDriver.packageRoot.path, steps: Self.toHoldRow + [
            // → to the + slot: Shift as one more key (Enter pressed and released, as kitty sends it).
            .send("\u{1B}[C\u{1B}[1;1:3C"), .settle(),
            .send("\u{1B}[13u\u{1B}[13;1:3u"), .settle(), .capture(as: "waiting", from: "start"),
            .send("\u{1B}[57441;2u"), .settle(), .capture(as: "shiftDown", from: "start"),
            .send("\u{1B}[57441;1:3u"), .settle(), .capture(as: "bound", from: "start"),
        ] + Self.playGuideline(ids) + [
            .send(shiftTap), .settle(),
            .send("q"), .wait("Quit", from: "game"), .settle(), .send("q"), .exit(),
        ])
        expectBaseline(run)
        #expect(run.exit == .exited(0), "status \(run.status)")
        #expect(PTYRun.screen(of: run.captured("shiftDown")).contains("[press a key]"), "Shift down alone is not yet the key")
        let bound = PTYRun.screen(of: run.captured("bound"))
        #expect(bound.contains("hold = c, Shift (saved in keys.conf)"), "\(bound)")
        let saved = try String(contentsOfFile: home.config + "/hanjul/keys.conf", encoding: .utf8)
        #expect(saved == Self.playerFile + "hold = c, Shift\n", "\(saved)")
        let actions = home.savedReplays().first?.actions ?? []
        #expect(actions.filter { $0 == .hold }.count == 1, "\(actions)")
    }
}
