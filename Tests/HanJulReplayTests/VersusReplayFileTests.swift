import HanJulCore
import HanJulReplay
import Testing

/// A versus match replay as a file (`.hjvs`, VersusReplayFile.swift): it round-trips, keeps
/// the mods' versions, names a broken line, writes shared dealing as format 3, and what it
/// reads verifies again through the referee.
@Suite struct VersusReplayFileTests {
    @Test func aMatchReplayRoundTripsVerifiesAndCatchesATamperedMove() throws {
        let rules = VersusRules(rules: StandardRules()) { state in state.piecesLocked % 2 == 0 ? 2 : 0 }
        var referee = VersusReferee(sides: [rules, rules], seed: 77, keepsMoves: true)
        var time: UInt64 = 0
        while !referee.isOver && time < 600_000_000_000 {
            time += 300_000_000
            referee.input(.hardDrop, side: 0, at: time)
            referee.input(time % 600_000_000 == 0 ? .left : .hardDrop, side: 1, at: time)
        }
        #expect(referee.isOver && referee.counters[0].received + referee.counters[1].received > 0)
        var replay = VersusReplay(mods: [], bot: "eltetris", piecesPerSecond: 1, bestOf: 3, seed: 9)
        replay.dealing = .perSide  // as the referee above dealt
        replay.games = [VersusReplay.Game(seed: 77, winner: referee.outcome?.winner, checksums: [referee.state(0).checksum, referee.state(1).checksum],
                                          moves: referee.moves!)]
        let parsed = try VersusReplay(parsing: replay.text)
        #expect(parsed == replay)
        #expect(parsed.verify(game: 0) { rules } == nil)
        var tampered = parsed
        let index = tampered.games[0].moves.firstIndex { $0.action == .left }!
        tampered.games[0].moves[index].action = .right
        #expect(tampered.verify(game: 0) { rules } != nil)
        // Rules without attack: the same moves make other boards.
        #expect(parsed.verify(game: 0) { VersusRules(rules: StandardRules()) } != nil)
    }

    @Test func aMatchUnderModsRecordsTheirVersionsAndAnOldFileStillReads() throws {
        var replay = VersusReplay(mods: ["versus"], bot: "attack", piecesPerSecond: 2.5, bestOf: 1, seed: 3)
        replay.dealing = .perSide  // a match from before shared dealing: formats 1 and 2
        replay.games = [VersusReplay.Game(seed: 4, winner: nil, checksums: [1, 2], moves: [VersusMove(side: 1, action: .left, millisecond: 9)])]
        #expect(replay.text.hasPrefix("hanjul-versus 1\nmods versus\nbot attack\n"), "no versions: format 1, as before")
        replay.modLocks = [.init(id: "base", version: "2.0 beta  two", sha256: String(repeating: "a", count: 64)),
                           .init(id: "versus", version: "1.0.0", sha256: String(repeating: "0", count: 64))]
        let text = replay.text
        #expect(text.hasPrefix("hanjul-versus 2\nmods versus\nmod base \(String(repeating: "a", count: 64)) 2.0 beta  two\nmod versus "))
        let parsed = try VersusReplay(parsing: text)
        #expect(parsed == replay, "versions kept exactly, spaces and all; a required mod beside the one named")
        #expect(parsed.recordedMods(match: replay.modLocks) && !parsed.recordedMods(match: [replay.modLocks[1]]))
        let oldLines = ["hanjul-versus 1"] + text.split(separator: "\n").dropFirst().filter { !$0.hasPrefix("mod ") }
        let old = try VersusReplay(parsing: oldLines.joined(separator: "\n"))
        #expect(old.modLocks.isEmpty && old.recordedMods(match: replay.modLocks), "a file without versions is checked as before")
    }

    @Test(arguments: [
        ("hanjul-versus 2\nmods\nbot x\npps 1\nbest-of 1\nseed 1\n", 2),
        ("hanjul-versus 2\nmods a\nmod a 00 1\nbot x\npps 1\nbest-of 1\nseed 1\n", 3),
        ("hanjul-versus 2\nmods a\nmod A \(String(repeating: "0", count: 64)) 1\nbot x\n", 3),
        ("hanjul-versus 2\nmods a\nmod a \(String(repeating: "0", count: 64)) 1\u{7}\nbot x\n", 3),
        ("hanjul-versus x\nmods\n", 1), ("hanjul-versus 4\nmods\n", 1), ("hanjul-versus 3\nmods\n", 3),
        ("hanjul-versus 3\nmods\nbot x\npps 1\nbest-of 1\nseed 1\ngame 1 seed 2 winner 0 checksums 1,2\n0 5 +\n", 8),
        ("nonsense", 1), ("hanjul-versus 1\nmods\nbot x\npps 0\nbest-of 1\nseed 1\n", 4),
        ("hanjul-versus 1\nmods\nbot x\npps 1\nbest-of 1\nseed 1\n0 5 L\n", 7),
        ("hanjul-versus 1\nmods\nbot x\npps 1\nbest-of 1\nseed 1\ngame 1 seed 2 winner 3 checksums 1,2\n", 7),
        ("hanjul-versus 1\nmods\nbot x\npps 1\nbest-of 1\nseed 1\ngame 1 seed 2 winner 0 checksums 1,2\n0 5 Q\n", 8),
        ("hanjul-versus 1\nmods\nbot x\npps 1\nbest-of 1\nseed 1\ngame 1 seed 2 winner 0 checksums 1,2\ngame 2 seed 2 winner 0 checksums 1,2\n", 8),
        ("hanjul-versus 1\nmods\nbot x\npps 1\nbest-of 1\nseed 1\n", 6),
    ])
    func aBrokenMatchReplaySaysWhichLine(text: String, line: Int) {
        #expect(throws: VersusReplay.ParseError.self) { try VersusReplay(parsing: text) }
        do { _ = try VersusReplay(parsing: text) } catch { #expect(error.line == line, "\(error)") }
    }

    /// #35 item 1: shared dealing (what players play) gives both sides the same pieces and
    /// the same holes for the same garbage; the match replay says so (format 3) and verifies.
    @Test func sharedDealingGivesBothSidesTheSamePiecesAndHoles() throws {
        let rules = VersusRules(rules: StandardRules(), garbage: GarbageRules(delay: 0, messiness: 0.5, cap: 8, cancels: false)) { _ in 2 }
        let shared = VersusReferee(sides: [rules, rules], seed: 41, dealing: .shared)
        #expect(shared.state(0).piece.kind == shared.state(1).piece.kind && shared.state(0).queue == shared.state(1).queue)
        let perSide = VersusReferee(sides: [rules, rules], seed: 41)
        #expect(perSide.state(0).queue + [perSide.state(0).piece.kind] != perSide.state(1).queue + [perSide.state(1).piece.kind],
                "each its own before (seed 41 deals them differently)")
        // Both sides hard-drop in turn: each sends 2 lines a lock and takes the other's.
        var referee = VersusReferee(sides: [rules, rules], seed: 41, dealing: .shared, keepsMoves: true)
        var dealt: [[Int]] = [[], []]
        for step in 1...4 {
            for side in 0..<2 where !referee.isOver {
                dealt[side].append(referee.state(side).piece.kind)
                referee.input(.hardDrop, side: side, at: UInt64(step) * 500_000_000)
            }
        }
        #expect(dealt[0].prefix(dealt[1].count) == dealt[1].prefix(dealt[0].count), "the same pieces in the same order")
        // The garbage at the bottom of each board, first taken on top: side 1 took one attack more.
        let garbage = (0..<2).map { side in
            let board = referee.state(side).board
            return Array(board.rows[(board.rows.count - referee.counters[side].received)...])
        }
        #expect(referee.counters[0].received >= 4 && referee.counters[1].received > referee.counters[0].received)
        #expect(garbage[0] == Array(garbage[1].prefix(garbage[0].count)), "the same holes for the same garbage: \(garbage)")
        var replay = VersusReplay(mods: [], bot: "eltetris", piecesPerSecond: 1, bestOf: 1, seed: 41)
        replay.games = [VersusReplay.Game(seed: 41, winner: referee.outcome?.winner, checksums: [referee.state(0).checksum, referee.state(1).checksum],
                                          moves: referee.moves!)]
        #expect(replay.text.hasPrefix("hanjul-versus 3\nmods \nbot eltetris\n"), "\(replay.text.prefix(60))")
        let parsed = try VersusReplay(parsing: replay.text)
        #expect(parsed == replay && parsed.dealing == .shared)
        #expect(parsed.verify(game: 0) { rules } == nil)
        var perSideFile = parsed
        perSideFile.dealing = .perSide
        #expect(perSideFile.verify(game: 0) { rules } != nil, "the same moves dealt per side are another match")
    }
}
