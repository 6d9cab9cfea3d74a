import HanJulSim
import Testing

/// Kaplan–Meier curves and the log-rank test on games small enough to work by hand.
@Suite struct SurvivalTests {
    static func game(_ seed: UInt64, pieces: Int, _ outcome: Outcome) -> GameRecord {
        GameRecord(seed: seed, pieces: pieces, lines: 0, score: 0, level: 1, outcome: outcome,
                   clears: [0, 0, 0, 0], meanHeight: 0, maxHeight: 0, holes: 0, evaluated: 0)
    }

    @Test func cappedGamesAreCensoredNotDead() {
        // Tops out at 10, 20, 20; capped at 30 twice; a rule error at 15 (censored).
        let records = [Self.game(1, pieces: 20, .toppedOut), Self.game(2, pieces: 30, .capped), Self.game(3, pieces: 10, .toppedOut),
                       Self.game(4, pieces: 15, .ruleError), Self.game(5, pieces: 20, .toppedOut), Self.game(6, pieces: 30, .capped)]
        let curve = SurvivalCurve(records: records)
        #expect(curve.games == 6 && curve.events == 3)
        #expect(curve.steps.map(\.pieces) == [10, 15, 20, 30])
        #expect(curve.steps.map(\.atRisk) == [6, 5, 4, 2])
        // 5/6, then unchanged by the censoring at 15, then × (1 − 2/4).
        #expect(abs(curve.alive(after: 12) - 5.0 / 6) < 1e-15)
        #expect(abs(curve.alive(after: 25) - 5.0 / 12) < 1e-15)
        #expect(curve.alive(after: 9) == 1)
        #expect(curve.medianPieces == 20)
        #expect(curve.sparkline(width: 6, range: 30) == "█▇▇▃▃▃")
    }

    @Test func aCurveThatNeverHalvesHasNoMedian() {
        let curve = SurvivalCurve(records: [Self.game(1, pieces: 50, .capped), Self.game(2, pieces: 5, .toppedOut),
                                            Self.game(3, pieces: 40, .capped)])
        #expect(curve.medianPieces == nil)
        #expect(curve.medianDescription == "median past 50 pieces (66.7% still playing)")
        let half = SurvivalCurve(records: [Self.game(1, pieces: 50, .capped), Self.game(2, pieces: 5, .toppedOut)])
        #expect(half.medianPieces == 5, "the median is the first count where at most half still play")
    }

    @Test func logRankByHand() {
        // A: deaths at 2, 4; censored at 6. B: deaths at 1, 3, 5.
        let a = [Self.game(1, pieces: 2, .toppedOut), Self.game(2, pieces: 4, .toppedOut), Self.game(3, pieces: 6, .capped)]
        let b = [Self.game(1, pieces: 1, .toppedOut), Self.game(2, pieces: 3, .toppedOut), Self.game(3, pieces: 5, .toppedOut)]
        let test = LogRankTest(a: a, b: b)
        // E_A = 3/6 + 3/5 + 2/4 + 2/3 + 1/2 = 2.7667; V = 1/4 + 6/25 + 1/4 + 2/9 + 1/4 = 1.2122.
        #expect(test.observedA == 2 && test.observedB == 3)
        #expect(abs(test.expectedA - 2.766_666_666_666_667) < 1e-12)
        let chi = (2 - 2.766_666_666_666_667) * (2 - 2.766_666_666_666_667) / (0.25 + 0.24 + 0.25 + 2.0 / 9 + 0.25)
        #expect(abs(test.chiSquare - chi) < 1e-12)
        #expect(!test.isSignificant)
        #expect(abs(test.pValue - Statistics.erfc((chi / 2).squareRoot())) < 1e-15)
    }

    @Test func identicalSidesGiveNoDifference() {
        let games = (1...10).map { Self.game(UInt64($0), pieces: 10 * $0, $0 % 3 == 0 ? .capped : .toppedOut) }
        let test = LogRankTest(a: games, b: games)
        #expect(test.chiSquare == 0 && test.pValue == 1)
    }
}
