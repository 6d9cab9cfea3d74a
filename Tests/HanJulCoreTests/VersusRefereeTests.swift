import HanJulCore
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
}
