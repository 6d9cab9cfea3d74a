/// Two distributions of one figure binned alike, drawn as text (the SVG chart is
/// ``ComparisonChart``).
public struct Histogram: Sendable {
    public var title: String
    public var lower: Double
    public var binWidth: Double
    public var countsA: [Int]
    public var countsB: [Int]
    public var isRate: Bool

    /// `bins` equal bins over the range of both samples together.
    public init(title: String, a: [Double], b: [Double], bins: Int = 12, isRate: Bool = false) {
        self.init(title: title, a: SortedCounts(ValueCounts(a)), b: SortedCounts(ValueCounts(b)), bins: bins, isRate: isRate)
    }

    /// `bins` equal bins over the range of both samples together, from their values counted.
    public init(title: String, a: SortedCounts, b: SortedCounts, bins: Int = 12, isRate: Bool = false) {
        self.title = title
        self.isRate = isRate
        let lows = [a.min, b.min].compactMap { $0 }, highs = [a.max, b.max].compactMap { $0 }
        let low = lows.min() ?? 0, high = highs.max() ?? 0
        lower = low
        let count = high > low ? bins : 1
        binWidth = high > low ? (high - low) / Double(bins) : 1
        func bin(_ values: SortedCounts) -> [Int] {
            var counts = Array(repeating: 0, count: count)
            for (value, n) in values.entries {
                let index = min(count - 1, max(0, Int((value - low) / (high > low ? (high - low) / Double(count) : 1))))
                counts[index] += n
            }
            return counts
        }
        countsA = bin(a)
        countsB = bin(b)
    }

    private func label(_ index: Int) -> String {
        let f: (Double) -> String = isRate ? { Format.percent($0) } : { Format.number($0) }
        return f(lower + Double(index) * binWidth) + " … " + f(lower + Double(index + 1) * binWidth)
    }

    /// Side-by-side bars, A then B, one line per bin.
    public func text(barWidth: Int = 24) -> String {
        let peak = max(1, (countsA + countsB).max() ?? 1)
        func bar(_ n: Int) -> String {
            let length = (n * barWidth + peak - 1) / peak
            return String(repeating: "█", count: length) + String(repeating: " ", count: barWidth - length)
        }
        var rows = [["\(title)", "A", "", "B", ""]]
        for i in countsA.indices {
            rows.append([label(i), bar(countsA[i]), String(countsA[i]), bar(countsB[i]), String(countsB[i])])
        }
        return Format.table(rows)
    }
}
