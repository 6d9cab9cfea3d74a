/// Descriptive statistics of one figure over many games.
///
/// Percentiles interpolate linearly between the closest ranks (Hyndman and Fan's type 7,
/// the default of R and NumPy). The standard deviation is the sample one (divisor `n − 1`).
/// The 95% confidence interval is for the mean: `mean ± t(0.975, n − 1) × sd / √n`, Student's
/// t, which is right for any `n` when the mean is roughly normal (many games) and tends to
/// the normal approximation's `1.96` as `n` grows.
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

    /// The statistics of `values` (all zero for none).
    public init(_ values: [Double]) {
        count = values.count
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
        let half = Statistics.confidenceHalfWidth95(standardDeviation: standardDeviation, count: count)
        ciLow = mean - half
        ciHigh = mean + half
        min = sorted[0]
        max = sorted[sorted.count - 1]
    }

    /// Half the width of the 95% confidence interval.
    public var halfWidth: Double { (ciHigh - ciLow) / 2 }
}

/// The arithmetic behind `Distribution`, in the open for tests.
public enum Statistics {
    /// The mean, summed in order (so the same values in the same order give the same bits).
    public static func mean(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        var sum = 0.0
        for value in values { sum += value }
        return sum / Double(values.count)
    }

    /// The sample standard deviation (divisor `n − 1`); 0 for fewer than two values.
    public static func standardDeviation(_ values: [Double], mean: Double) -> Double {
        guard values.count > 1 else { return 0 }
        var squares = 0.0
        for value in values { squares += (value - mean) * (value - mean) }
        return (squares / Double(values.count - 1)).squareRoot()
    }

    /// The `p`th percentile (0…100) of sorted values: rank `h = (n − 1) p / 100`, then linear
    /// interpolation between the values at `⌊h⌋` and `⌊h⌋ + 1`.
    public static func percentile(sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Double(sorted.count - 1) * p / 100
        let lower = Int(rank)
        guard lower + 1 < sorted.count else { return sorted[sorted.count - 1] }
        let fraction = rank - Double(lower)
        return sorted[lower] + fraction * (sorted[lower + 1] - sorted[lower])
    }

    /// Student's t quantile at 0.975 for `degreesOfFreedom`: a table to 30, then the
    /// Cornish–Fisher expansion in `1 / df` (within 0.0005 of the exact value beyond 30).
    public static func tCritical95(degreesOfFreedom df: Int) -> Double {
        let table = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                     2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
                     2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042]
        guard df >= 1 else { return .infinity }
        if df <= table.count { return table[df - 1] }
        let z = 1.959963984540054, n = Double(df)
        let z3 = z * z * z, z5 = z3 * z * z, z7 = z5 * z * z
        let g1 = (z3 + z) / 4
        let g2 = (5 * z5 + 16 * z3 + 3 * z) / 96
        let g3 = (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / 384
        return z + g1 / n + g2 / (n * n) + g3 / (n * n * n)
    }

    /// `t(0.975, n − 1) × sd / √n`; 0 for fewer than two values.
    public static func confidenceHalfWidth95(standardDeviation: Double, count: Int) -> Double {
        guard count > 1 else { return 0 }
        return tCritical95(degreesOfFreedom: count - 1) * standardDeviation / Double(count).squareRoot()
    }
}
