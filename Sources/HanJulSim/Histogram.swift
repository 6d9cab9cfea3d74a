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
        self.title = title
        self.isRate = isRate
        let all = a + b
        let low = all.min() ?? 0, high = all.max() ?? 0
        lower = low
        let count = high > low ? bins : 1
        binWidth = high > low ? (high - low) / Double(bins) : 1
        func bin(_ values: [Double]) -> [Int] {
            var counts = Array(repeating: 0, count: count)
            for value in values {
                let index = min(count - 1, max(0, Int((value - low) / (high > low ? (high - low) / Double(count) : 1))))
                counts[index] += 1
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
