import Foundation
import HanJulCore
import HanJulPlay
import PTYSupport
import TestTiers
import Testing
import HanJulReplay

/// `hanjul play --versus bot` through the real binary in a pseudo-terminal (#24 item 2): the
/// player hard-drops until one side tops out against the bot at 1 PPS; garbage reaches the
/// bot's board with its hole in the column the match seed draws, the bot's own attack cancels
/// what waits for it, and the saved match replay verifies.
@Suite("versus against the bot in a pseudo-terminal", .serialized, .enabled(if: GameHarness.isReady, GameHarness.notReady), .needsTerminal)
struct VersusPTYTests {
    /// Every lock sends one line; garbage enters at once, one clean column per attack.
    static let everyLock = """
        return {
          id = "everylock", name = "Every lock", version = "1.0.0", api = 1,
          description = "Each lock sends a line (a test of versus play).",
          garbage = { delay = 0, messiness = 0, cap = 8, cancels = true },
          attack = function(_, _, sent) return sent + 1 end,
        }
        """

    static func rules() -> VersusRules<StandardRules> {
        VersusRules(rules: StandardRules(), garbage: GarbageRules(delay: 0, messiness: 0, cap: 8)) { _ in 1 }
    }

    @Test("play --versus bot --pps 1: too small says the size needed; hard drops until a side tops out; garbage with the seed's hole, cancelling, the replay verifies")
    func playsAMatchToItsEnd() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        try home.write(Self.everyLock, to: "mods/everylock/mod.lua")
        let run = try GameHarness.run(["play", "--versus", "bot", "--pps", "1", "--best-of", "1", "--seed", "5", "--ascii",
                                       "--mods-dir", home.root + "/mods", "--mod", "everylock"], home: home, steps: [
            .wait("terminal too small", from: "start"), .settle(), .capture(as: "small", from: "start"),
            .mark("big"), .winsize(rows: 30, cols: 110), .wait("NEXT", from: "big"), .settle(), .capture(as: "playing", from: "start"),
            .mark("end"), .repeatUntil(Array(" ".utf8), every: 0.15, until: "MATCH", timeout: 60), .settle(),
            .capture(as: "end", from: "start"),
            .send("q"), .exit(),
        ])
        expectBaseline(run)
        #expect(run.exit == .exited(0), "status \(run.status)")
        let small = PTYRun.screen(of: run.captured("small"))
        #expect(small.contains("terminal too small: need 98x24"), "\(small)")
        let end = PTYRun.screen(of: run.captured("end"), width: 110, height: 30)
        #expect(end.contains("MATCH WON") || end.contains("MATCH LOST"), "\(end)")
        #expect(end.contains("replay saved: versus-"), "\(end)")

        // The saved match: it verifies, and played again through the referee its garbage is
        // where the rules say.
        let files = home.files(in: home.replays).filter { $0.hasSuffix(".hjvs") }
        try #require(files.count == 1, "one match replay: \(home.files(in: home.replays))")
        let path = home.replays + "/" + files[0]
        let verify = try GameHarness.runPiped(["replay", "--verify", path, "--mods-dir", home.root + "/mods"], home: home)
        let said = String(decoding: verify.stdout + verify.stderr, as: UTF8.self)
        #expect(verify.status == 0 && said.hasPrefix("match: 1 game"), "\(said)")

        let replay = try VersusReplay(parsing: String(contentsOfFile: path, encoding: .utf8))
        let game = try #require(replay.games.first)
        #expect(game.winner != nil, "one side topped out")
        #expect(replay.modLocks.map(\.id) == ["everylock"] && replay.modLocks.first?.version == "1.0.0" && replay.modLocks.first?.sha256.count == 64,
                "the mod's version and hash recorded: \(replay.modLocks)")
        #expect(replay.verify(game: 0, make: Self.rules) == nil, "the same match under the Swift twin of the mod")
        var referee = VersusReferee(sides: [Self.rules(), Self.rules()], seed: game.seed, schedules: [.paced, .paced], dealing: replay.dealing)
        #expect(replay.dealing == .shared, "both sides dealt the same pieces and holes (format 3)")
        // The first lock that let garbage in: its lines, one attack (one hole) each, the
        // first pushed up by the later ones.
        var firstGarbage: (rows: [UInt64], count: Int)?
        for move in game.moves {
            referee.apply(move.action, side: move.side)
            if firstGarbage == nil, referee.counters[1].received > 0 {
                let count = referee.counters[1].received
                firstGarbage = (Array(referee.state(1).board.rows.suffix(count)), count)
            }
        }
        let first = try #require(firstGarbage, "garbage reached the bot's board")
        var holes = SplitMix64(seed: VersusReferee<StandardRules>.seeds(of: game.seed, dealing: .shared).holesB)
        let drawn = (0..<first.count).map { _ in holes.below(10) }
        let expected = drawn.map { (UInt64(1) << 10 - 1) & ~(UInt64(1) << UInt64($0)) }
        #expect(first.rows == expected, "garbage rows with holes in columns \(drawn), the first pushed on top")
        let hole = drawn[0]
        #expect(referee.counters[1].cancelled > 0, "the bot's own attack cancelled garbage waiting for it")
        #expect(referee.counters[0].sent > 0 && referee.counters[1].received > 0)
        // The end screen shows the figures the referee counted.
        #expect(end.contains("CANC") && end.contains("RECV"))
        print("versus pty: winner \(game.winner.map(String.init) ?? "-"), \(game.moves.count) moves, "
              + "bot cancelled \(referee.counters[1].cancelled), received \(referee.counters[1].received); hole column \(hole)")
    }

    @Test("the Modes page's Versus row: right chooses the bot and pace, Enter plays it on two boards, q comes back")
    func versusFromTheModesPage() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        let down = "\u{1B}[B", right = "\u{1B}[C"
        let run = try GameHarness.run([], home: home, directory: PTYDriver.packageRoot.path, steps: [
            .winsize(rows: 30, cols: 110), .wait("Quit", from: "start"), .settle(),
            .mark("modes"), .send(down), .send("\r"), .wait("Ranks by:", from: "modes"), .settle(),
            .mark("row"), .send(String(repeating: down, count: GameMode.all.count)),
            .wait("Left and right choose", from: "row"), .settle(), .send(right), .settle(), .capture(as: "row", from: "start"),
            .mark("match"), .send("\r"), .wait("BOT eltetris 2 pps", from: "match"), .settle(), .capture(as: "match", from: "start"),
            .mark("back"), .send("q"), .wait("Quit", from: "back"), .settle(), .send("q"), .exit(),
        ])
        expectBaseline(run)
        #expect(run.exit == .exited(0), "status \(run.status)")
        let row = PTYRun.screen(of: run.captured("row"), width: 110, height: 30)
        #expect(row.contains("\u{25B6} Versus            against eltetris at 2 pps") && row.contains("You against the bot"), "\(row)")
        let match = PTYRun.screen(of: run.captured("match"), width: 110, height: 30)
        #expect(match.contains("YOU 0 : 0 BOT eltetris 2 pps") && match.contains("RECV"), "\(match)")
    }
}
