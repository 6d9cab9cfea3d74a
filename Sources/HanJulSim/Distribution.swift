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

    /// Half the width of the 95% confidence interval (its intervals need not be symmetric).
    public var halfWidth: Double { (ciHigh - ciLow) / 2 }
}
