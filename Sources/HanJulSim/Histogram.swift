import HanJulText

/// Two distributions of one figure binned alike, drawn as text or SVG.
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

    /// One panel of an SVG chart: the bins as overlaid bars, A blue and B orange.
    func svgPanel(x: Double, y: Double, width: Double, height: Double) -> String {
        let peak = Double(max(1, (countsA + countsB).max() ?? 1))
        let barSlot = width / Double(countsA.count)
        var out = "<g transform=\"translate(\(Format.fixed(x, 1)),\(Format.fixed(y, 1)))\">\n"
        out += "<text x=\"0\" y=\"-8\" font-size=\"14\" font-weight=\"bold\">\(Self.escape(title))</text>\n"
        out += "<line x1=\"0\" y1=\"\(Format.fixed(height, 1))\" x2=\"\(Format.fixed(width, 1))\" y2=\"\(Format.fixed(height, 1))\" stroke=\"#444\"/>\n"
        for i in countsA.indices {
            for (offset, count, colour) in [(0.1, countsA[i], "#3b82f6"), (0.5, countsB[i], "#f97316")] {
                let h = Double(count) / peak * height
                out += "<rect x=\"\(Format.fixed(Double(i) * barSlot + offset * barSlot, 1))\" y=\"\(Format.fixed(height - h, 1))\" "
                    + "width=\"\(Format.fixed(barSlot * 0.4, 1))\" height=\"\(Format.fixed(h, 1))\" fill=\"\(colour)\">"
                    + "<title>\(Self.escape(label(i))): \(count)</title></rect>\n"
            }
        }
        let f: (Double) -> String = isRate ? { Format.percent($0) } : { Format.number($0) }
        out += "<text x=\"0\" y=\"\(Format.fixed(height + 16, 1))\" font-size=\"11\">\(Self.escape(f(lower)))</text>\n"
        out += "<text x=\"\(Format.fixed(width, 1))\" y=\"\(Format.fixed(height + 16, 1))\" font-size=\"11\" text-anchor=\"end\">"
            + "\(Self.escape(f(lower + Double(countsA.count) * binWidth)))</text>\n"
        out += "<text x=\"-6\" y=\"8\" font-size=\"11\" text-anchor=\"end\">\(Int(peak))</text>\n"
        return out + "</g>\n"
    }

    /// A self-contained SVG with one panel per histogram and a legend naming A and B.
    public static func svg(_ histograms: [Histogram], labelA: String, labelB: String) -> String {
        let panelWidth = 640.0, panelHeight = 180.0, gap = 70.0
        let height = 60 + Double(histograms.count) * (panelHeight + gap)
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"720\" height=\"\(Int(height))\" font-family=\"sans-serif\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        out += "<rect x=\"40\" y=\"14\" width=\"12\" height=\"12\" fill=\"#3b82f6\"/><text x=\"58\" y=\"25\" font-size=\"12\">A: \(escape(labelA))</text>\n"
        out += "<rect x=\"380\" y=\"14\" width=\"12\" height=\"12\" fill=\"#f97316\"/><text x=\"398\" y=\"25\" font-size=\"12\">B: \(escape(labelB))</text>\n"
        for (i, histogram) in histograms.enumerated() {
            out += histogram.svgPanel(x: 50, y: 70 + Double(i) * (panelHeight + gap), width: panelWidth, height: panelHeight)
        }
        return out + "</svg>\n"
    }

    /// XML text: controls (invalid in XML) and hidden characters made visible first.
    static func escape(_ text: String) -> String {
        var out = ""
        for c in visible(text) {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
