import HanJulSim
import Testing

/// Confidence intervals that stay where a figure's values can be, with expected values
/// worked out independently (Python, same formulas).
@Suite struct IntervalTests {
    @Test func wilsonStaysWithinZeroAndOne() {
        let some = Statistics.wilson95(successes: 81, count: 263)
        #expect(abs(some.low - 0.255289) < 1e-6 && abs(some.high - 0.366210) < 1e-6)
        let none = Statistics.wilson95(successes: 0, count: 20)
        #expect(none.low == 0 && abs(none.high - 0.161125) < 1e-6, "0 of 20 still allows up to 16%")
        let all = Statistics.wilson95(successes: 10, count: 10)
        #expect(abs(all.low - 0.722467) < 1e-6 && all.high == 1)
    }

    @Test func aRareCountNeverGetsANegativeInterval() {
        // One game in 20 with a hole: Student's t says −0.055 … 0.155.
        let values = Array(repeating: 0.0, count: 19) + [1]
        let t = Distribution(values)
        #expect(t.ciLow < 0)
        let d = Distribution(figure: values, isRate: false)
        #expect(d.interval == .quasiPoisson)
        #expect(abs(d.ciLow - 0.008039) < 1e-6 && abs(d.ciHigh - 0.310994) < 1e-6, "\(d.ciLow) \(d.ciHigh)")
        let skewed = Distribution(figure: [3, 0, 5, 1, 0, 2, 7, 0, 1, 4], isRate: false)
        #expect(abs(skewed.ciLow - 1.106358) < 1e-6 && abs(skewed.ciHigh - 4.781454) < 1e-6)
        let zeros = Distribution(figure: Array(repeating: 0, count: 30), isRate: false)
        #expect(zeros.ciLow == 0 && zeros.ciHigh > 0, "no clear seen in 30 games does not prove there are none")
    }

    @Test func farFromZeroTheCountIntervalIsStudentsT() {
        let values = (0..<400).map { Double(9_000 + ($0 * 7919) % 2_000) }
        let t = Distribution(values), q = Distribution(figure: values, isRate: false)
        #expect(abs(q.ciLow - t.ciLow) < 0.01 * t.halfWidth && abs(q.ciHigh - t.ciHigh) < 0.01 * t.halfWidth)
    }

    @Test func negativeValuesKeepStudentsT() {
        #expect(Distribution(figure: [-3, 2, 5], isRate: false).interval == .studentT)
        #expect(Distribution(figure: [0, 1, 1], isRate: true).interval == .wilson)
    }

    @Test func pairedRateDifferencesStayWithinPlusMinusOne() {
        // The 2×2 table (both, only B, only A, neither) = (14, 5, 0, 22): p_B − p_A = 5/41.
        let b = Array(repeating: 1.0, count: 19) + Array(repeating: 0, count: 22)
        let a = Array(repeating: 1.0, count: 14) + Array(repeating: 0, count: 27)
        let d = Distribution(differencesOf: b, minus: a, isRate: true)
        #expect(d.interval == .newcombe)
        #expect(abs(d.mean - 5.0 / 41) < 1e-12)
        #expect(abs(d.ciLow - 0.022210) < 1e-6 && abs(d.ciHigh - 0.216782) < 1e-6, "\(d.ciLow) \(d.ciHigh)")
        // Every game of B topped out and none of A: t would give a zero-width 100% … 100%.
        let every = Distribution(differencesOf: Array(repeating: 1, count: 30), minus: Array(repeating: 0, count: 30), isRate: true)
        #expect(every.ciHigh <= 1 && every.ciLow < 1 && every.ciLow > 0.8)
        let most = Distribution(differencesOf: Array(repeating: 1, count: 29) + [0], minus: Array(repeating: 0, count: 30), isRate: true)
        #expect(most.ciHigh < 1, "t said 103.5% here")
    }

    @Test func expAndErfcMatchLibm() {
        for (x, expected) in [(1.0, 2.718281828459045), (-700, 9.85967654375977e-305), (0, 1), (0.5, 1.6487212707001282)] {
            #expect(abs(Statistics.exp(x) - expected) <= 4e-16 * expected, "exp(\(x))")
        }
        for (x, expected) in [(0.5, 0.4795001221869535), (1, 0.15729920705028513), (2.5, 0.0004069520174449589),
                              (3, 2.2090496998585438e-05), (5, 1.5374597944280351e-12)] {
            #expect(abs(Statistics.erfc(x) - expected) <= 2e-15 * expected, "erfc(\(x)) = \(Statistics.erfc(x))")
        }
        #expect(abs(Statistics.chiSquare1PValue(3.841458820694124) - 0.05) < 1e-12)
    }
}

/// A share of pieces pooled over games (pieces held), with expected values written out.
@Suite struct PooledShareTests {
    @Test func thePooledShareHasWilsonsIntervalOnTheEffectivePieces() {
        // R = 60/300 = 0.2; the games spread (10, 20, 30 of 100) is worth n* = 48 pieces, not 300.
        let spread = Statistics.pooledShare95(part: [10, 20, 30], whole: [100, 100, 100])
        #expect(spread.share == 0.2)
        #expect(abs(spread.low - 0.11110) < 1e-5 && abs(spread.high - 0.33336) < 1e-5)
        // Games that agree more than independent pieces would are worth the pieces, no more.
        let even = Statistics.pooledShare95(part: [33, 34, 33, 35], whole: [100, 100, 100, 100])
        #expect(even.share == 0.3375)
        #expect(abs(even.low - 0.29290) < 1e-5 && abs(even.high - 0.38519) < 1e-5)
        // None held: 0 … (Wilson on every piece), never below 0.
        let none = Statistics.pooledShare95(part: [0, 0, 0], whole: [100, 100, 100])
        #expect(none.share == 0 && none.low == 0 && abs(none.high - 0.012643) < 1e-6)
    }

    @Test func aDistributionOfASharePoolsItsMeanButDescribesTheGames() {
        let d = Distribution(part: [10, 30], of: [100, 50])
        #expect(d.mean == 40.0 / 150, "pooled: every piece counts once")
        #expect(d.median == 0.35 && d.min == 0.1 && d.max == 0.6, "per game: 10% and 60%")
        #expect(d.interval == .pooledWilson && d.ciLow >= 0 && d.ciHigh <= 1 && d.ciLow < d.mean && d.mean < d.ciHigh)
    }

    @Test func theDifferenceOfTwoPooledSharesIsPairedBySeed() {
        // A holds 10, 20, 30 of 100; B none: −20 points, t(0.975, 2) = 4.303 × the paired error.
        let gone = Statistics.pooledShareDifference95(partB: [0, 0, 0], wholeB: [100, 100, 100], partA: [10, 20, 30], wholeA: [100, 100, 100])
        #expect(abs(gone.difference + 0.2) < 1e-12)
        #expect(abs(gone.low + 0.44843) < 1e-5 && abs(gone.high - 0.04843) < 1e-5)
        let more = Distribution(differenceOfPart: [30, 34, 40], of: [100, 100, 100], minusPart: [10, 20, 30], of: [100, 100, 100])
        #expect(abs(more.mean - 0.146667) < 1e-6)
        #expect(abs(more.ciLow - 0.021624) < 1e-6 && abs(more.ciHigh - 0.271709) < 1e-6)
        #expect(more.interval == .pooledDifference)
    }
}
