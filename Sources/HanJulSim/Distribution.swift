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
        count = values.count
        interval = method
        guard !values.isEmpty else {
            (mean, median, p5, p95, standardDeviation, ciLow, ciHigh, min, max) = (0, 0, 0, 0, 0, 0, 0, 0, 0)
            return
        }
        let sorted = values.sorted()
        mean = Statistics.mean(values)
        median = Statistics.percentile(sorted: sorted, 50)
        p5 = Statistics.percentile(sorted: sorted, 5)
        p95 = Statistics.percentile(sorted: sorted, 95)
        standardDeviation = Statistics.standardDeviation(values, mean: mean)
        switch method {
        case .studentT:
            let half = Statistics.confidenceHalfWidth95(standardDeviation: standardDeviation, count: count)
            (ciLow, ciHigh) = (mean - half, mean + half)
        case .wilson:
            var successes = 0.0
            for value in values { successes += value }
            (ciLow, ciHigh) = Statistics.wilson95(successes: successes, count: count)
        case .newcombe:
            // Needs both sides (``init(differencesOf:minus:isRate:)``); alone, the t interval.
            let half = Statistics.confidenceHalfWidth95(standardDeviation: standardDeviation, count: count)
            (ciLow, ciHigh) = (mean - half, mean + half)
        case .quasiPoisson:
            (ciLow, ciHigh) = Statistics.quasiPoisson95(mean: mean, standardDeviation: standardDeviation, count: count)
        case .pooledWilson, .pooledDifference:
            // Need the counts (``init(part:of:)``, ``init(differenceOfPart:of:minusPart:of:)``); alone, the t interval.
            let half = Statistics.confidenceHalfWidth95(standardDeviation: standardDeviation, count: count)
            (ciLow, ciHigh) = (mean - half, mean + half)
        }
        min = sorted[0]
        max = sorted[sorted.count - 1]
    }

    /// The statistics of one figure's values, with the interval suited to it.
    public init(figure values: [Double], isRate: Bool) {
        self.init(values, interval: .suited(to: values, isRate: isRate))
    }

    /// The statistics of the paired differences `b[i] − a[i]` of one figure: Student's t
    /// for numbers, Newcombe's interval for the difference of two paired rates (which,
    /// unlike t, stays within −100%…+100%).
    public init(differencesOf b: [Double], minus a: [Double], isRate: Bool) {
        let differences = zip(a, b).map { $1 - $0 }
        guard isRate else {
            self.init(differences)
            return
        }
        self.init(differences, interval: .newcombe)
        if count > 0 { (ciLow, ciHigh) = Statistics.newcombePaired95(a: a, b: b) }
    }

    /// The statistics of a share pooled over games: in game `i`, `part[i]` out of
    /// `whole[i]` (pieces held out of pieces placed). The mean is the pooled share
    /// `Σ part ÷ Σ whole`, with ``IntervalMethod/pooledWilson``'s interval; the median,
    /// percentiles, standard deviation and extremes are those of the games' own shares.
    public init(part: [Double], of whole: [Double]) {
        let shares = zip(part, whole).map { $1 > 0 ? $0 / $1 : 0 }
        self.init(shares, interval: .pooledWilson)
        guard count > 0 else { return }
        (mean, ciLow, ciHigh) = Statistics.pooledShare95(part: part, whole: whole)
    }

    /// The statistics of the paired difference of two pooled shares, B's minus A's, on the
    /// same seeds: the mean is `share B − share A`, with ``IntervalMethod/pooledDifference``'s
    /// interval; the rest describes the per-seed differences of the games' own shares.
    public init(differenceOfPart partB: [Double], of wholeB: [Double], minusPart partA: [Double], of wholeA: [Double]) {
        let share: (Double, Double) -> Double = { $1 > 0 ? $0 / $1 : 0 }
        let differences = (0..<Swift.min(partA.count, partB.count)).map { share(partB[$0], wholeB[$0]) - share(partA[$0], wholeA[$0]) }
        self.init(differences, interval: .pooledDifference)
        guard count > 0 else { return }
        (mean, ciLow, ciHigh) = Statistics.pooledShareDifference95(partB: partB, wholeB: wholeB, partA: partA, wholeA: wholeA)
    }

    /// Half the width of the 95% confidence interval (its intervals need not be symmetric).
    public var halfWidth: Double { (ciHigh - ciLow) / 2 }
}
