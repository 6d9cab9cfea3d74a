import HanJulCore
import HanJulReplay
import Testing

/// The versus referee (#24): attack and cancelling, the receiver's delay, the hole column
/// from the match seed, top-out by rising garbage, the two deliveries, and the moves it keeps.
@Suite struct VersusRefereeTests {
    /// Side 0 sends `first` lines on its first lock (then `later`), side 1 what `answer` says.
    static func referee(first: Int, later: Int = 0, answer: @escaping (GameState) -> Int = { _ in 0 },
                        garbage: GarbageRules = GarbageRules(), delivery: VersusReferee<StandardRules>.Delivery = .immediate,
                        seed: UInt64 = 5) -> VersusReferee<StandardRules> {
        let a = VersusRules(rules: StandardRules(), garbage: garbage) { state in state.piecesLocked == 1 ? first : later }
        let b = VersusRules(rules: StandardRules(), garbage: garbage) { state in answer(state) }
        return VersusReferee(sides: [a, b], seed: seed, schedules: [.paced, .paced], delivery: delivery, keepsMoves: true)
    }

    /// The column side 1's first attack has its hole in, drawn from the match seed.
    static func firstHole(seed: UInt64, width: Int = 10) -> Int {
        var holes = SplitMix64(seed: VersusReferee<StandardRules>.seeds(of: seed).holesB)
        return holes.below(width)
    }

    @Test func garbageEntersWithTheSeedsHoleAtMostCapLinesALock() {
        var referee = Self.referee(first: 3, garbage: GarbageRules(delay: 0, messiness: 0, cap: 2))
        referee.apply(.hardDrop, side: 0)
        #expect(referee.incoming(1) == 3 && referee.counters[0].attack == 3)
        let before = referee.state(1).board.rows
        referee.apply(.hardDrop, side: 1)
        let board = referee.state(1).board
        let bottom = board.height - 1
        let row = board.fullRow & ~(UInt64(1) << UInt64(Self.firstHole(seed: 5)))
        #expect(referee.counters[1].received == 2, "the cap: two lines of three this lock")
        #expect(board.rows[bottom] == row && board.rows[bottom - 1] == row)
        // The piece side 1 dropped sits two rows higher than it landed.
        #expect(board.rows[bottom - 2] != 0 && before[bottom] == 0)
        #expect(referee.incoming(1) == 1)
        referee.apply(.hardDrop, side: 1)
        #expect(referee.counters[1].received == 3 && referee.incoming(1) == 0)
        #expect(referee.state(1).board.rows[bottom] == row, "the rest of the attack keeps its column")
        #expect(referee.outcome == nil)
    }

    @Test func theHoleFollowsTheMatchSeed() {
        var columns = Set<Int>()
        for seed: UInt64 in 1...12 {
            var referee = Self.referee(first: 1, seed: seed)
            referee.apply(.hardDrop, side: 0)
            referee.apply(.hardDrop, side: 1)
            let bottom = referee.state(1).board.rows.last!
            let hole = (0..<10).first { bottom & (UInt64(1) << UInt64($0)) == 0 }
            #expect(hole == Self.firstHole(seed: seed))
            columns.insert(hole ?? -1)
        }
        #expect(columns.count > 3, "different seeds, different columns")
    }

    @Test func garbageWaitsTheReceiversDelay() {
        var referee = Self.referee(first: 1, garbage: GarbageRules(delay: 2))
        referee.apply(.hardDrop, side: 0)
        referee.apply(.hardDrop, side: 1)
        referee.apply(.hardDrop, side: 1)
        #expect(referee.counters[1].received == 0 && referee.incoming(1) == 1, "two pieces of delay")
        referee.apply(.hardDrop, side: 1)
        #expect(referee.counters[1].received == 1 && referee.incoming(1) == 0)
    }

    @Test func ownAttackCancelsWhatWaitsThenTheRestIsSent() {
        // Side 0 sends 3; side 1's first lock sends 2: they cancel two of the three, and as
        // that lock cleared nothing the last line enters.
        var referee = Self.referee(first: 3, answer: { $0.piecesLocked == 1 ? 2 : 0 })
        referee.apply(.hardDrop, side: 0)
        referee.apply(.hardDrop, side: 1)
        #expect(referee.counters[1].attack == 2 && referee.counters[1].cancelled == 2 && referee.counters[1].sent == 0)
        #expect(referee.counters[1].received == 1 && referee.incoming(0) == 0)
        // More than waits: the rest goes to the other side.
        var more = Self.referee(first: 1, answer: { $0.piecesLocked == 1 ? 4 : 0 })
        more.apply(.hardDrop, side: 0)
        more.apply(.hardDrop, side: 1)
        #expect(more.counters[1].cancelled == 1 && more.incoming(0) == 3 && more.counters[1].received == 0)
        // Rules that do not cancel: both attacks stand.
        var plain = Self.referee(first: 3, answer: { $0.piecesLocked == 1 ? 2 : 0 }, garbage: GarbageRules(cancels: false))
        plain.apply(.hardDrop, side: 0)
        plain.apply(.hardDrop, side: 1)
        #expect(plain.counters[1].cancelled == 0 && plain.incoming(0) == 2 && plain.counters[1].received == 3)
    }

    @Test func risingGarbageTopsTheReceiverOutAndTheSenderWins() {
        var referee = Self.referee(first: 30, garbage: GarbageRules(cap: 64))
        referee.apply(.hardDrop, side: 0)
        referee.apply(.hardDrop, side: 1)
        #expect(referee.outcome == .won(side: 0))
        #expect(referee.state(1).isOver)
        // Nothing is played once the match is over.
        let moves = referee.moves?.count
        referee.apply(.hardDrop, side: 0)
        #expect(referee.moves?.count == moves && referee.state(0).piecesLocked == 1)
    }

    @Test func announcedAttacksWaitToBeAcceptedInOrder() {
        var referee = Self.referee(first: 2, later: 1, delivery: .announced)
        referee.apply(.hardDrop, side: 0)
        referee.apply(.hardDrop, side: 0)
        #expect(referee.unaccepted[1].map(\.lines) == [2, 1] && referee.unaccepted[1].map(\.index) == [0, 1])
        #expect(referee.incoming(1) == 0)
        referee.apply(.hardDrop, side: 1)
        #expect(referee.counters[1].received == 0, "not accepted: nothing enters")
        let accepted = referee.accept(side: 1, at: 0)
        #expect(accepted?.lines == 2 && accepted?.index == 0 && accepted?.readyAfter == 1)
        #expect(referee.incoming(1) == 2 && referee.unaccepted[1].count == 1)
        referee.apply(.hardDrop, side: 1)
        #expect(referee.counters[1].received == 2)
        #expect(referee.accept(side: 1, at: 0)?.index == 1)
        #expect(referee.accept(side: 1, at: 0) == nil)
    }

    @Test func realTimeSidesFallAndLockOnTheirOwnClocks() {
        let rules = VersusRules(rules: StandardRules()) { _ in 1 }
        var referee = VersusReferee(sides: [rules, rules], seed: 9, keepsMoves: true)
        // Side 0 drops at 0.5 s; gravity rows come on both sides as the clock passes.
        referee.input(.hardDrop, side: 0, at: 500_000_000)
        #expect(referee.incoming(1) == 1 && referee.state(0).piecesLocked == 1)
        #expect(referee.state(1).piecesLocked == 0, "side 1 was not advanced")
        referee.advance(to: 3_000_000_000)
        #expect(referee.games[0].clock == 3_000_000_000 && referee.games[1].clock == 3_000_000_000)
        #expect(referee.moves!.contains { $0.side == 1 && $0.action == .gravity })
        #expect(referee.nextDeadline != nil)
        // The kept moves replay the match on paced games: the same boards.
        var again = VersusReferee(sides: [rules, rules], seed: 9, schedules: [.paced, .paced])
        for move in referee.moves! { again.apply(move.action, side: move.side) }
        #expect(again.state(0).board == referee.state(0).board && again.state(1).board == referee.state(1).board)
        #expect(again.incoming(1) == referee.incoming(1))
    }

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
