import Foundation
import HanJulPlay
@testable import HanJulPlayerFiles
import PTYSupport
import TestTiers
import Testing

/// The Modes page and the Play row through the real `hanjul` in a pseudo-terminal, by keys
/// only, with the repository's mods (#20 items 1 and 2).
@Suite("the Modes page in a pseudo-terminal", .serialized, .enabled(if: GameHarness.isReady, GameHarness.notReady), .needsTerminal)
struct ModesPTYTests {
    static let down = "\u{1B}[B"

    /// How a mode's game is ended quickly, and the word its end shows: a hard-drop flood
    /// tops out most; Survival and Combo finish with their result when the stack reaches the
    /// top; Zen has no end of its own, so the player ends it from the pause box.
    static func ending(_ name: String) -> (steps: [PTYStep], word: String) {
        switch name {
        case "Zen": ([.send("p"), .wait("PAUSED", from: "game"), .settle(), .send("e")], "ENDED")
        case "Survival", "Combo": ([.repeatUntil(Array(" ".utf8), every: 0.03, until: "FINISHED", timeout: 30)], "FINISHED")
        default: ([.repeatUntil(Array(" ".utf8), every: 0.03, until: "GAME OVER", timeout: 30)], "GAME OVER")
        }
    }

    @Test("each mode: Modes, the mode, Enter; it plays and ends; High scores has its table under the mode's name with the game in it",
          arguments: GameMode.all.indices)
    func walk(index: Int) throws {
        let mode = GameMode.all[index]
        let home = try GameHarness.Home()
        defer { home.remove() }
        let (ending, word) = Self.ending(mode.name)
        // A race (ranked by a time) topped out has no time: it goes in no table (D10).
        let race = mode.ranksBy.hasPrefix("time")
        let afterEnd: [PTYStep] = race ? [.send("q"), .wait("High scores", from: "end"), .settle(), .send("q"), .exit()] : [
            // The name prompt of a first game: Enter keeps the name offered.
            .pump(0.6), .mark("name"), .send("\r"), .wait("r new game", from: "name"), .settle(),
            .mark("menu"), .send("q"), .wait("High scores", from: "menu"), .settle(),
            // Back on the menu with the cursor on Modes: three rows down is High scores.
            .mark("scores"), .send(String(repeating: Self.down, count: 3) + "\r"), .wait(mode.name, from: "scores"), .settle(),
            .capture(as: "scores", from: "start"),
            .mark("table"), .send("\r"), .wait("High scores: \(mode.name)", from: "table"), .settle(), .capture(as: "table", from: "start"),
            .send("q"), .settle(), .send("q"), .exit(),
        ]
        let run = try GameHarness.run([], home: home, environment: ["HANJUL_TEST_SEED=5"], directory: PTYDriver.packageRoot.path, steps: [
            .wait("Quit", from: "start"), .settle(),
            .mark("modes"), .send(Self.down), .send("\r"), .wait("Ranks by:", from: "modes"), .settle(),
            .send(String(repeating: Self.down, count: index)), .settle(), .capture(as: "modes", from: "start"),
            .mark("game"), .send("\r"), .wait("SCORE", from: "game"), .settle(), .capture(as: "game", from: "start"),
            .mark("end"),
        ] + ending + [
            .wait(word, from: "end"), .settle(), .capture(as: "end", from: "start"),
        ] + afterEnd)
        expectBaseline(run)
        #expect(run.exit == .exited(0), "\(mode.name): status \(run.status)")
        let modes = PTYRun.screen(of: run.captured("modes"))
        #expect(modes.contains("\u{25B6} \(mode.name)") && modes.contains("Ranks by: \(mode.ranksBy)"), "\(modes)")
        let game = PTYRun.screen(of: run.captured("game"))
        #expect(game.contains("SCORE"), "\(mode.name) plays: \(game)")
        let end = PTYRun.screen(of: run.captured("end"))
        #expect(end.contains(word), "\(mode.name) ends: \(end)")
        if word == "FINISHED" {
            #expect(end.contains(mode.name == "Combo" ? "combo: " : "pieces: "), "the result: \(end)")
        }
        if race {
            #expect(end.contains("unfinished"), "\(mode.name): \(end)")
            let scores = (try? String(contentsOfFile: home.hanjulData + "/" + HighScoreTable.fileName, encoding: .utf8)) ?? ""
            #expect(!scores.contains("+\(mode.mods.last!)@"), "an unfinished race in a table: \(scores)")
            return
        }
        let scores = PTYRun.screen(of: run.captured("scores"))
        #expect(scores.contains("\u{25B6} \(mode.name)") && !scores.contains("\u{25B6} guideline@"),
                "the table is listed by the mode's name, not its mods: \(scores)")
        let table = PTYRun.screen(of: run.captured("table"))
        #expect(table.contains("High scores: \(mode.name)"), "\(table)")
        #expect(table.contains("  1  "), "the game is in the table: \(table)")
        if word == "FINISHED" { #expect(table.contains("RESULT"), "ranked by its result: \(table)") }
        let settings = (try? String(contentsOfFile: home.config + "/hanjul/settings.conf", encoding: .utf8)) ?? ""
        #expect(!settings.contains("mods = \(mode.mods.joined(separator: ", "))") || mode.mods.isEmpty,
                "a mode does not become what Play plays: \(settings)")
        print("mode walk: \(mode.name) (\(mode.mods.isEmpty ? "standard" : mode.mods.joined(separator: " + "))) ended with \(word)")
    }

    @Test("the Play row: → chooses Modern and Enter plays the guideline (hold on the panel); the next run remembers it; settings.conf keeps the player's comments")
    func modernOneKeyAway() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        try home.write("# my settings, by hand\ndas = 150   # a bit quicker\n\n# mods = zen\n", to: "config/hanjul/settings.conf")
        let first = try GameHarness.run([], home: home, directory: PTYDriver.packageRoot.path, steps: [
            .wait("Quit", from: "start"), .settle(), .capture(as: "menu", from: "start"),
            .mark("modern"), .send("\u{1B}[C"), .wait("Modern", from: "modern"), .settle(),
            .mark("game"), .send("\r"), .wait("SCORE", from: "game"), .settle(), .capture(as: "game", from: "start"),
            .send("q"), .wait("Quit", from: "game"), .settle(), .send("q"), .exit(),
        ])
        expectBaseline(first)
        #expect(first.exit == .exited(0), "status \(first.status)")
        #expect(PTYRun.screen(of: first.captured("menu")).contains("Play  \u{25C0} Classic \u{25B6}"), "Classic by default")
        let game = PTYRun.screen(of: first.captured("game"))
        #expect(game.contains("HOLD"), "the guideline's hold on the panel: \(game)")
        let settings = (try? String(contentsOfFile: home.config + "/hanjul/settings.conf", encoding: .utf8)) ?? ""
        #expect(settings.hasPrefix("# my settings, by hand\ndas = 150   # a bit quicker\n\n# mods = zen\n"), "\(settings)")
        #expect(settings.contains("\nmods = guideline  # "), "\(settings)")
        let second = try GameHarness.run([], home: home, directory: PTYDriver.packageRoot.path, steps: [
            .wait("Quit", from: "start"), .settle(), .capture(as: "menu", from: "start"), .send("q"), .exit(),
        ])
        #expect(second.exit == .exited(0))
        #expect(PTYRun.screen(of: second.captured("menu")).contains("Play  \u{25C0} Modern \u{25B6}"), "remembered")
        // `hanjul play` without the menu still plays the standard rules.
        let plain = try GameHarness.run(["play", "--seed", "3"], home: home, directory: PTYDriver.packageRoot.path, steps: [
            .wait("SCORE", from: "start"), .settle(), .capture(as: "game", from: "start"), .send("q"), .exit(),
        ])
        #expect(!PTYRun.screen(of: plain.captured("game")).contains("HOLD"), "hanjul play --seed: the standard rules")
    }
}
