/// The arithmetic behind `Distribution`, in the open for tests.
///
/// Pure Swift, summed in a fixed order, with its own `exp`: the same values give the same
/// bits on every machine (a platform's libm may round differently).
public enum Statistics {
    /// The 0.975 quantile of the standard normal distribution.
    public static let z95 = 1.959963984540054

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
        let z = z95, n = Double(df)
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

    /// Wilson's 95% score interval for `successes` out of `count`: the proportions `p`
    /// with `(p̂ − p)² ≤ z² p (1 − p) / n`. Always within 0…1; `0 … 0` for no trials.
    public static func wilson95(successes: Double, count: Int) -> (low: Double, high: Double) {
        guard count > 0 else { return (0, 0) }
        let n = Double(count), p = successes / n, z2 = z95 * z95
        let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        let half = z95 / (1 + z2 / n) * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
        // At 0% and 100% the near end is exactly 0 or 1 (rounding would leave a hair off).
        return (successes <= 0 ? 0 : Swift.max(0, centre - half), successes >= n ? 1 : Swift.min(1, centre + half))
    }

    /// A 95% interval for the mean of non-negative values: the means `μ` with
    /// `(x̄ − μ)² ≤ t² φ μ / n`, where the variance is taken to grow with the mean,
    /// `Var = φ μ` (quasi-Poisson), with dispersion `φ = sd² / x̄` (1, Poisson's, when every
    /// value is 0). Both ends are roots of `μ² − (2x̄ + a) μ + x̄² = 0`, `a = t² φ / n`, so
    /// the lower end is never below 0 and the upper is its mirror about the product
    /// `x̄²`; far from 0 the interval is Student's t within `a / 2`. The mean alone for
    /// fewer than two values.
    public static func quasiPoisson95(mean: Double, standardDeviation sd: Double, count: Int) -> (low: Double, high: Double) {
        guard count > 1, mean >= 0 else { return (mean, mean) }
        let t = tCritical95(degreesOfFreedom: count - 1)
        let dispersion = mean > 0 ? sd * sd / mean : 1
        let a = t * t * dispersion / Double(count)
        let high = mean + a / 2 + (a * mean + a * a / 4).squareRoot()
        // The product of the roots is x̄²: dividing avoids cancellation when the low end is tiny.
        let low = high > 0 ? mean * mean / high : 0
        return (Swift.min(low, mean), Swift.max(high, mean))
    }

    /// Wilson's interval for a proportion `p` observed on `trials` (which need not be whole).
    static func wilson95(proportion p: Double, trials n: Double) -> (low: Double, high: Double) {
        guard n > 0 else { return (0, 0) }
        let z2 = z95 * z95
        let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        let half = z95 / (1 + z2 / n) * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
        return (p <= 0 ? 0 : Swift.max(0, centre - half), p >= 1 ? 1 : Swift.min(1, centre + half))
    }

    /// A share pooled over `n` games, `R = Σ part ÷ Σ whole` (pieces held of pieces placed),
    /// with a 95% interval that stays in 0…1 and accounts for games differing: the ratio's
    /// linearized variance between games, `v = Σ (partᵢ − R wholeᵢ)² ÷ (n (n − 1) w̄²)`, gives
    /// the effective number of pieces `n* = R (1 − R) ÷ v` (at most `Σ whole`: pieces are
    /// never worth more than independent ones), and the interval is Wilson's for `R` on
    /// `n*` trials (Korn and Graubard's effective-sample-size Wilson, 1998). With no spread
    /// to measure (one game, or `R` 0 or 1) `n*` is `Σ whole`.
    public static func pooledShare95(part: [Double], whole: [Double]) -> (share: Double, low: Double, high: Double) {
        let n = Swift.min(part.count, whole.count)
        var totalPart = 0.0, totalWhole = 0.0
        for i in 0..<n {
            totalPart += part[i]
            totalWhole += whole[i]
        }
        guard totalWhole > 0 else { return (0, 0, 0) }
        let share = Swift.min(1, totalPart / totalWhole)
        var effective = totalWhole
        if n > 1 && share > 0 && share < 1 {
            let meanWhole = totalWhole / Double(n)
            var squares = 0.0
            for i in 0..<n { squares += (part[i] - share * whole[i]) * (part[i] - share * whole[i]) }
            let variance = squares / (Double(n) * Double(n - 1) * meanWhole * meanWhole)
            if variance > 0 { effective = Swift.min(totalWhole, share * (1 - share) / variance) }
        }
        let (low, high) = wilson95(proportion: share, trials: effective)
        return (share, low, high)
    }

    /// The difference of two shares pooled over the same `n` seeds, `R_B − R_A`, with a
    /// 95% interval from the pairs: each seed's linearized contribution
    /// `uᵢ = (part_Bᵢ − R_B whole_Bᵢ) ÷ w̄_B − (part_Aᵢ − R_A whole_Aᵢ) ÷ w̄_A` (which sums to 0)
    /// gives the variance `Σ uᵢ² ÷ (n (n − 1))`, and the interval is
    /// `R_B − R_A ± t(0.975, n − 1) × √variance`, kept within −1…1. A side with no pieces
    /// has share 0.
    public static func pooledShareDifference95(partB: [Double], wholeB: [Double], partA: [Double], wholeA: [Double])
        -> (difference: Double, low: Double, high: Double) {
        let n = Swift.min(partA.count, partB.count, wholeA.count, wholeB.count)
        guard n > 0 else { return (0, 0, 0) }
        var sums = (partA: 0.0, wholeA: 0.0, partB: 0.0, wholeB: 0.0)
        for i in 0..<n {
            sums.partA += partA[i]
            sums.wholeA += wholeA[i]
            sums.partB += partB[i]
            sums.wholeB += wholeB[i]
        }
        let shareA = sums.wholeA > 0 ? sums.partA / sums.wholeA : 0, shareB = sums.wholeB > 0 ? sums.partB / sums.wholeB : 0
        let meanA = sums.wholeA / Double(n), meanB = sums.wholeB / Double(n)
        var squares = 0.0
        for i in 0..<n {
            let u = (meanB > 0 ? (partB[i] - shareB * wholeB[i]) / meanB : 0) - (meanA > 0 ? (partA[i] - shareA * wholeA[i]) / meanA : 0)
            squares += u * u
        }
        let difference = shareB - shareA
        guard n > 1 else { return (difference, difference, difference) }
        let half = tCritical95(degreesOfFreedom: n - 1) * (squares / (Double(n) * Double(n - 1))).squareRoot()
        return (difference, Swift.max(-1, difference - half), Swift.min(1, difference + half))
    }

    /// Newcombe's 95% interval (1998, method 10) for `p_B − p_A`, the difference of two
    /// rates measured on the same seeds (`a[i]`, `b[i]` each 0 or 1): with each side's
    /// Wilson interval `l…u` and the phi correlation `φ` of the pairs' 2×2 table (0 when a
    /// margin is empty), `δ = √((p_B − l_B)² − 2φ(p_B − l_B)(u_A − p_A) + (u_A − p_A)²)` below
    /// and `ε = √((u_B − p_B)² − 2φ(u_B − p_B)(p_A − l_A) + (p_A − l_A)²)` above.
    public static func newcombePaired95(a: [Double], b: [Double]) -> (low: Double, high: Double) {
        let n = Swift.min(a.count, b.count)
        guard n > 0 else { return (0, 0) }
        var both = 0.0, onlyB = 0.0, onlyA = 0.0, neither = 0.0
        for i in 0..<n {
            switch (b[i] >= 0.5, a[i] >= 0.5) {
            case (true, true): both += 1
            case (true, false): onlyB += 1
            case (false, true): onlyA += 1
            case (false, false): neither += 1
            }
        }
        let count = Double(n)
        let pB = (both + onlyB) / count, pA = (both + onlyA) / count
        let (lB, uB) = wilson95(successes: both + onlyB, count: n)
        let (lA, uA) = wilson95(successes: both + onlyA, count: n)
        let margins = (both + onlyB) * (onlyA + neither) * (both + onlyA) * (onlyB + neither)
        let phi = margins > 0 ? (both * neither - onlyB * onlyA) / margins.squareRoot() : 0
        let below = Swift.max(0, (pB - lB) * (pB - lB) - 2 * phi * (pB - lB) * (uA - pA) + (uA - pA) * (uA - pA)).squareRoot()
        let above = Swift.max(0, (uB - pB) * (uB - pB) - 2 * phi * (uB - pB) * (pA - lA) + (pA - lA) * (pA - lA)).squareRoot()
        let difference = pB - pA
        return (Swift.max(-1, difference - below), Swift.min(1, difference + above))
    }
}
