/// How a 95% confidence interval of a mean was computed.
///
/// Each figure gets the interval suited to what it measures, so an interval never claims
/// values the figure cannot take (a negative count, a rate above 100%):
/// - ``wilson`` for rates (the share of games that topped out): Wilson's score interval
///   for a proportion, always inside 0…1, and honest at 0% and 100%.
/// - ``quasiPoisson`` for means of values that cannot be negative (pieces, holes, clears,
///   score per piece): the score interval of a mean whose variance grows with it, never
///   below 0, and within a hair of Student's t when the mean is far from 0.
/// - ``newcombe`` for the paired difference of two rates (`compare`'s "topped out"):
///   Newcombe's hybrid score interval (1998, method 10), built from each side's Wilson
///   interval and the correlation of the pairs, always within −1…1.
/// - ``pooledWilson`` for a share of pieces pooled over games (pieces held): Wilson's
///   interval on the number of pieces the spread between games is worth.
/// - ``pooledDifference`` for `compare`'s difference of two such shares on the same seeds.
/// - ``studentT`` for everything else (paired differences, figures a mod drives negative).
public enum IntervalMethod: String, Codable, Sendable, CaseIterable {
    case studentT = "student-t"
    case wilson
    case quasiPoisson = "quasi-poisson"
    case newcombe
    case pooledWilson = "pooled-wilson"
    case pooledDifference = "pooled-difference"

    /// The method for `values` of a figure: ``wilson`` for rates, ``quasiPoisson`` when no
    /// value is negative, ``studentT`` otherwise.
    public static func suited(to values: [Double], isRate: Bool) -> IntervalMethod {
        if isRate { return .wilson }
        return values.allSatisfy { $0 >= 0 } ? .quasiPoisson : .studentT
    }

    /// The method for a figure whose smallest value is `min`.
    public static func suited(min: Double, isRate: Bool) -> IntervalMethod {
        if isRate { return .wilson }
        return min >= 0 ? .quasiPoisson : .studentT
    }

    /// One line for people: how the interval is computed.
    public var explanation: String {
        switch self {
        case .studentT: "mean ± t(0.975, n−1) × sd/√n (Student's t)"
        case .wilson: "Wilson score interval for a proportion (z = 1.96)"
        case .newcombe: "Newcombe's hybrid score interval for a difference of paired proportions"
        case .pooledWilson:
            "Wilson score interval for the pooled share, on the effective number of pieces (pieces ÷ the design effect of the games' spread)"
        case .pooledDifference:
            "difference of the pooled shares ± t(0.975, n−1) × its paired linearized standard error"
        case .quasiPoisson:
            "score interval for a mean of non-negative values with variance ∝ mean (quasi-Poisson, dispersion sd²/mean, t(0.975, n−1)); never below 0"
        }
    }
}
