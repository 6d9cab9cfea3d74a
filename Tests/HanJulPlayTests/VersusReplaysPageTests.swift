import Foundation
import HanJulCore
import HanJulFiles
@testable import HanJulPlay
@testable import HanJulPlayerFiles
import HanJulRender
import HanJulReplay
import HanJulTerminal
import PTYSupport
import TestTiers
import Testing

/// Versus match replays (.hjvs) on the start screen's Replays page: listed with games by
/// date (a broken one with its problem), watched on two boards through the session (each
/// next game's sides asked of the session), verified, deleted; and kept or removed by
/// replay housekeeping like an .hjr.
enum VersusFiles {
    /// A match of two games under the standard rules (both sides hard-dropping, the bot
    /// sometimes moving left), as `hanjul play --versus bot` would save it.
    static func match() -> VersusReplay {
        var replay = VersusReplay(mods: [], bot: "eltetris", piecesPerSecond: 1, bestOf: 3, seed: 5)
        replay.dealing = .perSide  // as the referees below deal
        let rules = VersusRules(rules: StandardRules())
        for (index, seed) in [UInt64(41), 42].enumerated() {
            var referee = VersusReferee(sides: [rules, rules], seed: seed, keepsMoves: true)
            var time: UInt64 = 0
            while !referee.isOver && time < 600_000_000_000 {
                time += 300_000_000
                referee.input(index == 0 && time % 900_000_000 == 0 ? .left : .hardDrop, side: 0, at: time)
                referee.input(index == 1 && time % 900_000_000 == 0 ? .left : .hardDrop, side: 1, at: time)
            }
            replay.games.append(VersusReplay.Game(seed: seed, winner: referee.outcome?.winner,
                                                  checksums: [referee.state(0).checksum, referee.state(1).checksum], moves: referee.moves ?? []))
        }
        return replay
    }

    static let good = "versus-20261202-142233.hjvs"
    static let broken = "versus-20261202-150000.hjvs"
    static let game = "20261202-143000-7.hjr"

    /// `replays/` with the match, a broken match and a game between them in time.
    static func fill(_ replays: String) throws {
        try FileManager.default.createDirectory(atPath: replays, withIntermediateDirectories: true)
        try match().text.write(toFile: replays + "/" + good, atomically: true, encoding: .utf8)
        try "hanjul-versus 1\nmods\nbot eltetris\n".write(toFile: replays + "/" + broken, atomically: true, encoding: .utf8)
        try Data(OddReplays.replay(drops: 3)).write(to: URL(fileURLWithPath: replays + "/" + game))
    }
}

@Suite("versus match replays on the Replays page")
struct VersusReplaysPageTests {
    static let down = Key.arrow(.down, [])

    @Test("the store lists .hjvs with the games by date: versus, bot and pace, score; a broken one with its problem")
    func storeListing() throws {
        let data = OddReplays.dataFolder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        try VersusFiles.fill(data + "/replays")
        let listed = FileStore(dataDirectory: data).replays()
        #expect(listed.map(\.name) == [VersusFiles.broken, VersusFiles.game, VersusFiles.good], "newest first, games and matches together")
        #expect(listed[0].problem == "not a versus match replay: line 4: expected 'pps …'", "\(listed[0])")
        let match = VersusFiles.match()
        let score = match.score
        #expect(score[0] + score[1] == 2, "two decided games: \(score)")
        let good = listed[2]
        #expect(good.problem == nil && good.rules == "versus eltetris 1pps" && good.date == "2026-12-02 14:22")
        #expect(good.outcome == "\(score[0]):\(score[1])" && good.actions == match.games.reduce(0) { $0 + $1.moves.count })
        #expect(listed[1].rules == "standard" && listed[1].date == "2026-12-02 14:30")
    }

    /// A launcher that opens and verifies a match replay from the file listed, as the command
    /// line's does for one under the standard rules.
    static func launcher() -> Launcher {
        func read(_ path: PathBytes) -> VersusReplay? {
            (try? SafeFile.read(path, maxBytes: VersusReplay.maxBytes)).flatMap { String(validating: $0, as: UTF8.self) }
                .flatMap { try? VersusReplay(parsing: $0) }
        }
        return Launcher(
            mods: { [] },
            game: { _, _, _, _, _ in .failure(RulesFailure("no games in this test")) },
            replay: { path, config, size, now, environment in
                guard let match = read(path) else { return .failure(RulesFailure("\(path.name.shown): unreadable")) }
                let make = { VersusRules(rules: StandardRules()) }
                return .success(PlaySession.versusReplay(match, first: [make(), make()], make: make, config: config, size: size, now: now,
                                                         environment: environment))
            },
            verify: { path in
                guard let match = read(path) else { return "unreadable" }
                let diverged = match.games.indices.compactMap { match.verify(game: $0) { VersusRules(rules: StandardRules()) } }
                return diverged.first ?? "match: \(match.games.count) games"
            },
            saveSettings: { _ in nil })
    }

    @Test("Replays → a broken match says why; Enter watches a match on two boards, Enter the next game, q back; v verifies; d d deletes")
    func watchVerifyDelete() throws {
        let data = OddReplays.dataFolder()
        let replays = data + "/replays"
        defer { try? FileManager.default.removeItem(atPath: data) }
        try VersusFiles.fill(replays)
        let environment = PlayEnvironment(store: FileStore(dataDirectory: data), newSeed: { 99 },
                                          date: { ("20261202-160000", "2026-12-02 16:00") })
        let session = PlaySession.menu(launcher: Self.launcher(), config: PlayConfig(style: .monochrome, colorMode: .none),
                                       settings: .defaults, size: Size(width: 110, height: 30), environment: environment)
        var clock = ManualClock(session: session, store: MemoryStore())
        for t in 1...5 { clock.press(Self.down, at: t * 8) }
        clock.press(.enter, at: 50)
        let score = VersusFiles.match().score
        #expect(clock.screen.contains("2026-12-02 14:22  versus eltetris 1pps  \(score[0]):\(score[1])"), "\(clock.screen)")
        #expect(clock.screen.contains("\(VersusFiles.broken)  unreadable"), "\(clock.screen)")
        #expect(clock.screen.contains("not a versus match replay: line 4: expected 'pps …'"), "the first's problem below: \(clock.screen)")
        clock.press(.enter, at: 60)
        #expect(clock.screen.contains("\(VersusFiles.broken): unreadable"), "a broken one is not watched, the page says why: \(clock.screen)")
        #expect(clock.screen.contains("Replays (newest first)"))

        clock.press(Self.down, at: 70)
        clock.press(Self.down, at: 80)
        clock.press(.character("v"), at: 90)
        #expect(clock.screen.contains("match: 2 games"), "\(clock.screen)")
        clock.press(.enter, at: 100)
        #expect(clock.screen.contains("REPLAY  game 1 of 2"), "\(clock.screen)")
        #expect(clock.screen.contains("YOU") && clock.screen.contains("BOT"))
        // The next game's sides come from the session (the screen holds no factory).
        clock.press(.enter, at: 110)
        #expect(clock.screen.contains("REPLAY  game 2 of 2"), "\(clock.screen)")
        #expect(!clock.screen.contains("the rules do not load"), "\(clock.screen)")
        clock.at(600_000, .tick)
        #expect(clock.screen.contains("GAME 2: "), "played to its end: \(clock.screen)")
        clock.press(.character("q"), at: 600_010)
        #expect(clock.screen.contains("Replays (newest first)"), "back to the list: \(clock.screen)")

        clock.press(.character("d"), at: 600_020)
        #expect(clock.screen.contains("press d again to delete \(VersusFiles.good)"), "\(clock.screen)")
        clock.press(.character("d"), at: 600_030)
        #expect(!FileManager.default.fileExists(atPath: replays + "/" + VersusFiles.good))
        #expect(FileManager.default.fileExists(atPath: replays + "/" + VersusFiles.broken))
        #expect(!clock.screen.contains("versus eltetris 1pps"), "\(clock.screen)")
    }

    @Test("housekeeping counts .hjvs with .hjr among the newest kept; a match never made a table, so an old one goes")
    func housekeeping() throws {
        let data = try ReplayHousekeepingTests.DataFolder()
        defer { data.close() }
        try data.replay("versus-20261202-140000.hjvs", minutesAgo: 1)
        try data.replay("20261202-130000-7.hjr", minutesAgo: 2)
        try data.replay("versus-20261202-120000.hjvs", minutesAgo: 3)
        try data.replay("versus-20261202-110000-2.hjvs", minutesAgo: 4)
        try data.replay(".versus-x.hjvs", minutesAgo: 5)
        try data.replay("versus.hjvs.tmp", minutesAgo: 5)
        let entry = HighScore(score: 9, lines: 1, level: 1, date: "2026-12-02 13:00", seed: "7", replay: "versus-20261202-110000.hjr")
        _ = HighScoreTable.save(entry, key: "standard", lowerIsBetter: nil, path: data.path + "/" + HighScoreTable.fileName)
        let listing = ReplayHousekeeping.listing(dataDirectory: data.path, kept: 2)
        #expect(listing.kept.map(\.name) == ["versus-20261202-140000.hjvs", "20261202-130000-7.hjr"])
        #expect(listing.removable.map(\.name) == ["versus-20261202-120000.hjvs", "versus-20261202-110000-2.hjvs"],
                "no table entry keeps a match, even one naming its name as an .hjr")
        #expect(ReplayHousekeeping.tidy(dataDirectory: data.path, kept: 2).removed == listing.removable.map(\.name))
        #expect(data.names == ["versus-20261202-140000.hjvs", "20261202-130000-7.hjr", ".versus-x.hjvs", "versus.hjvs.tmp"])
    }
}

/// The same through the real `hanjul` in a pseudo-terminal: the command line's launcher
/// opens and verifies the match under its recorded rules, and refuses one whose mod changed.
@Suite("versus match replays on the Replays page, in a pseudo-terminal", .serialized, .enabled(if: GameHarness.isReady, GameHarness.notReady), .needsTerminal)
struct VersusReplaysPagePTYTests {
    @Test("v verifies a match; Enter shows it on two boards; a match whose mod's hash differs is refused with the .hjr wording")
    func realLauncher() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        try VersusFiles.fill(home.replays)
        // Recorded under the player's mod `plain` when its files were another version.
        try home.write("""
            return { id = "plain", name = "Plain", version = "1.0.0", api = 1, description = "The standard game (a test of match replays)." }
            """, to: "data/hanjul/mods/plain/mod.lua")
        var modded = VersusFiles.match()
        modded.mods = ["plain"]
        modded.modLocks = [RulesIdentity.Mod(id: "plain", version: "0.9.0", sha256: String(repeating: "0", count: 64))]
        try modded.text.write(toFile: home.replays + "/versus-20261202-100000.hjvs", atomically: true, encoding: .utf8)
        let down = "\u{1B}[B"
        let run = try GameHarness.run([], home: home, steps: [
            .wait("Quit", from: "start"), .settle(), .winsize(rows: 30, cols: 110), .settle(),
            .send(down + down + down + down + down + "\r"), .wait("Replays (newest first)", from: "start"), .settle(),
            .send("jj"), .settle(), .mark("verify"), .send("v"), .wait("match:", from: "verify"), .settle(), .capture(as: "verified", from: "start"),
            .mark("watch"), .send("\r"), .wait("REPLAY", from: "watch"), .settle(), .capture(as: "watching", from: "watch"),
            .send("q"), .wait("Replays (newest first)", from: "watch"), .settle(),
            .send("j"), .settle(), .mark("refuse"), .send("v"), .wait("differ", from: "refuse"), .settle(), .capture(as: "refused", from: "start"),
            .send("q"), .settle(), .send("q"), .exit(),
        ])
        #expect(run.exit == .exited(0), "status \(run.status)")
        let verified = PTYRun.screen(of: run.captured("verified"), width: 110, height: 30)
        #expect(verified.contains("match: 2 games"), "\(verified)")
        let watching = PTYRun.screen(of: run.captured("watching"), width: 110, height: 30)
        #expect(watching.contains("REPLAY  game 1 of 2"), "\(watching)")
        let refused = PTYRun.screen(of: run.captured("refused"), width: 110, height: 30)
        // The line is cut at the page's width.
        #expect(refused.contains("the mods differ from those it was recorded with (hanjul replay --force"), "\(refused)")
    }
}
