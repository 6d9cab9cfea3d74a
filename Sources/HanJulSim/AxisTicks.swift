/// Round numbers along an axis: a step of 1, 2 or 5 × 10ᵏ, and labels written to that step.
public struct AxisTicks: Sendable {
    public var values: [Double]
    public var step: Double
    /// The axis's range, widened to whole steps.
    public var lower: Double
    public var upper: Double

    /// At most `count` (and at least two) ticks covering `low…high`.
    public init(low: Double, high: Double, count: Int) {
        var low = low, high = high
        if !(high > low) {
            low -= 1
            high += 1
        }
        let rough = (high - low) / Double(max(1, count))
        var power = 1.0
        while power * 10 <= rough { power *= 10 }
        while power > rough { power /= 10 }
        var chosen = power * 10
        for multiple in [1.0, 2, 5, 10] where power * multiple >= rough {
            chosen = power * multiple
            break
        }
        step = chosen
        lower = (low / chosen).rounded(.down) * chosen
        upper = (high / chosen).rounded(.up) * chosen
        values = []
        var tick = lower
        while tick <= upper + chosen * 1e-9 {
            values.append(abs(tick) < chosen * 1e-9 ? 0 : tick)
            tick += chosen
        }
    }

    /// A tick's label: as many decimals as the step needs, thousands as `k` and millions as
    /// `M` when the numbers are large (`20k`, `1.5M`), a real minus sign, `%` for rates.
    public func label(_ value: Double, percent: Bool = false) -> String {
        if value == 0 { return percent ? "0%" : "0" }
        if percent { return Format.number(value * 100, digits: decimals(step * 100)) + "%" }
        let biggest = max(abs(lower), abs(upper))
        if biggest >= 1_000_000 { return Format.number(value / 1_000_000, digits: decimals(step / 1_000_000)) + "M" }
        if biggest >= 10_000 { return Format.number(value / 1000, digits: decimals(step / 1000)) + "k" }
        return Format.number(value, digits: decimals(step))
    }

    private func decimals(_ step: Double) -> Int {
        var digits = 0, scaled = step
        while digits < 6 && abs(scaled - scaled.rounded()) > 1e-9 * max(1, abs(scaled)) {
            scaled *= 10
            digits += 1
        }
        return digits
    }
}
