/// Descriptive statistics of one figure over many games.
///
/// Percentiles interpolate linearly between the closest ranks (Hyndman and Fan's type 7,
/// the default of R and NumPy). The standard deviation is the sample one (divisor `n − 1`).
/// The 95% confidence interval of the mean is computed by ``interval`` (see
/// ``IntervalMethod``): a rate's stays within 0…100% and a count's never goes below 0.
public struct Distribution: Equatable, Codable, Sendable {
    public var count: Int
    public var mean: Double
    public var median: Double
    public var p5: Double
    public var p95: Double
    public var standardDeviation: Double
    public var ciLow: Double
    public var ciHigh: Double
    public var min: Double
    public var max: Double
    /// How `ciLow … ciHigh` was computed.
    public var interval: IntervalMethod

    /// The statistics of `values` (all zero for none), with the interval `method` (by
    /// default Student's t, the right one for paired differences).
    public init(_ values: [Double], interval method: IntervalMethod = .studentT) {
        self.init(SortedCounts(ValueCounts(values)), interval: method)
    }

    /// The statistics of the games counted in `counts` (all zero for none), with the
    /// interval `method`. Every sum is exact (``ExactSum``) and rounded once, so the result
    /// depends on the values and their counts alone, never on the order of the games: a
    /// merge of shards gives the bits of a single run.
    public init(_ counts: SortedCounts, interval method: IntervalMethod = .studentT) {
        count = counts.total
        interval = method
        guard let low = counts.min, let high = counts.max else {
            (mean, median, p5, p95, standardDeviation, ciLow, ciHigh, min, max) = (0, 0, 0, 0, 0, 0, 0, 0, 0)
            return
        }
        var sum = ExactSum()
        for (value, n) in counts.entries { sum.add(value, times: n) }
        let total = sum.value
        mean = total / Double(count)
        median = Self.percentile(counts, 50)
        p5 = Self.percentile(counts, 5)
        p95 = Self.percentile(counts, 95)
        if count > 1 {
            var squares = ExactSum()
            for (value, n) in counts.entries { squares.add((value - mean) * (value - mean), times: n) }
            standardDeviation = (squares.value / Double(count - 1)).squareRoot()
        } else {
            standardDeviation = 0
        }
        switch method {
        case .studentT, .newcombe, .pooledWilson, .pooledDifference:
            // Newcombe's and the pooled intervals need more than the values
            // (``init(differencesOf:minus:isRate:)``, ``init(shares:pooled:)``); alone, the t interval.
            let half = Statistics.confidenceHalfWidth95(standardDeviation: standardDeviation, count: count)
            (ciLow, ciHigh) = (mean - half, mean + half)
        case .wilson:
            (ciLow, ciHigh) = Statistics.wilson95(successes: total, count: count)
        case .quasiPoisson:
            (ciLow, ciHigh) = Statistics.quasiPoisson95(mean: mean, standardDeviation: standardDeviation, count: count)
        }
        min = low
        max = high
    }

    /// The `p`th percentile (Hyndman and Fan's type 7) of the games in `counts`, as
    /// ``Statistics/percentile(sorted:_:)`` gives it over every game's value.
    static func percentile(_ counts: SortedCounts, _ p: Double) -> Double {
        let n = counts.total
        guard n > 0 else { return 0 }
        let rank = Double(n - 1) * p / 100
        let lower = Int(rank)
        guard lower + 1 < n else { return counts.value(atRank: n - 1) }
        let fraction = rank - Double(lower)
        let below = counts.value(atRank: lower), above = counts.value(atRank: lower + 1)
        return below + fraction * (above - below)
    }

    /// The statistics of one figure's values, with the interval suited to it.
    public init(figure values: [Double], isRate: Bool) {
        self.init(figure: SortedCounts(ValueCounts(values)), isRate: isRate)
    }

    /// The statistics of one figure's counted values, with the interval suited to it.
    public init(figure counts: SortedCounts, isRate: Bool) {
        self.init(counts, interval: .suited(min: counts.min ?? 0, isRate: isRate))
    }

    /// The statistics of the paired differences `b[i] − a[i]` of one figure: Student's t
    /// for numbers, Newcombe's interval for the difference of two paired rates (which,
    /// unlike t, stays within −100%…+100%).
    public init(differencesOf b: [Double], minus a: [Double], isRate: Bool) {
        let differences = SortedCounts(ValueCounts(zip(a, b).map { $1 - $0 }))
        guard isRate else {
            self.init(differences)
            return
        }
        var table = PairTable()
        for (x, y) in zip(a, b) { table.add(a: x >= 0.5, b: y >= 0.5) }
        self.init(differences: differences, rates: table)
    }

    /// The paired differences of a rate (each `b − a` of flags 0 or 1), counted in
    /// `differences`, with Newcombe's interval from their 2×2 `table`.
    public init(differences: SortedCounts, rates table: PairTable) {
        self.init(differences, interval: .newcombe)
        if count > 0 { (ciLow, ciHigh) = Statistics.newcombePaired95(table) }
    }

    /// The statistics of a share pooled over games: in game `i`, `part[i]` out of
    /// `whole[i]` (pieces held out of pieces placed). The mean is the pooled share
    /// `Σ part ÷ Σ whole`, with ``IntervalMethod/pooledWilson``'s interval; the median,
    /// percentiles, standard deviation and extremes are those of the games' own shares.
    public init(part: [Double], of whole: [Double]) {
        var pairs = ShareCounts()
        for (p, w) in zip(part, whole) { pairs.add(part: p, whole: w) }
        self.init(shares: pairs)
    }

    /// A share pooled over games, from the games' `(part, whole)` pairs counted.
    public init(shares pairs: ShareCounts) {
        self.init(SortedCounts(pairs.shares), interval: .pooledWilson)
        guard count > 0 else { return }
        (mean, ciLow, ciHigh) = Statistics.pooledShare95(pairs)
    }

    /// The statistics of the paired difference of two pooled shares, B's minus A's, on the
    /// same seeds: the mean is `share B − share A`, with ``IntervalMethod/pooledDifference``'s
    /// interval; the rest describes the per-seed differences of the games' own shares.
    public init(differenceOfPart partB: [Double], of wholeB: [Double], minusPart partA: [Double], of wholeA: [Double]) {
        var quads = ShareDifferenceCounts()
        for i in 0..<Swift.min(partA.count, partB.count, wholeA.count, wholeB.count) {
            quads.add(partB: partB[i], wholeB: wholeB[i], partA: partA[i], wholeA: wholeA[i])
        }
        self.init(shareDifferences: quads)
    }

    /// The paired difference of two pooled shares, from the seeds' four counts.
    public init(shareDifferences quads: ShareDifferenceCounts) {
        self.init(SortedCounts(quads.differences), interval: .pooledDifference)
        guard count > 0 else { return }
        (mean, ciLow, ciHigh) = Statistics.pooledShareDifference95(quads)
    }

    /// Half the width of the 95% confidence interval (its intervals need not be symmetric).
    public var halfWidth: Double { (ciHigh - ciLow) / 2 }
}
