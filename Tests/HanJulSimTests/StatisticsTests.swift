import HanJulSim
import Testing

/// Statistics on inputs small enough to check by hand.
@Suite struct StatisticsTests {
    @Test func oneToTen() {
        let d = Distribution((1...10).map(Double.init))
        #expect(d.count == 10)
        #expect(d.mean == 5.5)
        #expect(d.median == 5.5)
        // Type 7: rank (n − 1) p = 9 × 0.05 = 0.45 → 1 + 0.45 × (2 − 1).
        #expect(abs(d.p5 - 1.45) < 1e-12)
        #expect(abs(d.p95 - 9.55) < 1e-12)
        // Sum of squares 82.5 over 9.
        #expect(abs(d.standardDeviation - (82.5 / 9).squareRoot()) < 1e-12)
        // t(0.975, 9) = 2.262; 3.02765 × 2.262 / √10 = 2.16574.
        #expect(abs(d.ciLow - (5.5 - 2.262 * (82.5 / 9).squareRoot() / 10.0.squareRoot())) < 1e-12)
        #expect(abs(d.halfWidth - 2.16574) < 1e-4)
        #expect(d.min == 1 && d.max == 10)
    }

    @Test func unsortedInputAndOddCount() {
        let d = Distribution([9, 1, 5, 3, 7])
        #expect(d.median == 5)
        #expect(d.mean == 5)
        #expect(abs(d.p95 - 8.6) < 1e-12, "rank 3.8 between 7 and 9")
        #expect(abs(d.standardDeviation - 10.0.squareRoot()) < 1e-12)
    }

    @Test func degenerateSamples() {
        let one = Distribution([4])
        #expect(one.mean == 4 && one.median == 4 && one.standardDeviation == 0 && one.ciLow == 4 && one.ciHigh == 4)
        let none = Distribution([])
        #expect(none.count == 0 && none.mean == 0)
        let flat = Distribution(Array(repeating: 2.5, count: 50))
        #expect(flat.halfWidth == 0 && flat.p5 == 2.5)
    }

    @Test func studentT() {
        #expect(Statistics.tCritical95(degreesOfFreedom: 1) == 12.706)
        #expect(Statistics.tCritical95(degreesOfFreedom: 30) == 2.042)
        // Exact values: df 40 → 2.0211, 100 → 1.9840, 1000 → 1.9623.
        #expect(abs(Statistics.tCritical95(degreesOfFreedom: 40) - 2.0211) < 0.0005)
        #expect(abs(Statistics.tCritical95(degreesOfFreedom: 100) - 1.9840) < 0.0005)
        #expect(abs(Statistics.tCritical95(degreesOfFreedom: 1000) - 1.9623) < 0.0005)
    }

    @Test func formatting() {
        #expect(Format.fixed(1234.5678, 2) == "1234.57")
        #expect(Format.fixed(-0.004, 2) == "0.00")
        #expect(Format.fixed(-2.5, 1) == "-2.5")
        #expect(Format.percent(0.413) == "41.3%")
        #expect(Format.signed("-2.0") == "−2.0")
        #expect(Format.number(0.5, digits: 3) == "0.5")
    }
}
