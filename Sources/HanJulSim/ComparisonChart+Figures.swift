extension ComparisonChart {
    /// One figure's panel: its distributions, means and intervals; returns its bottom.
    mutating func figurePanel(_ figure: Figure, row: Comparison.Row?, a: SortedCounts, b: SortedCounts,
                              x: Double, top: Double, width: Double) -> Double {
        canvas.beginGroup(id: "figure-" + figure.key)
        defer { canvas.endGroup() }
        let statsA = row?.statsA ?? Distribution(figure: a, isRate: figure.isRate && figure.share == nil)
        let statsB = row?.statsB ?? Distribution(figure: b, isRate: figure.isRate && figure.share == nil)
        let verdict = row.map { $0.isSignificant ? "B − A: " + $0.verdict : "B − A: no significant difference" } ?? ""
        let y = heading(figure.name, lines: [
            ("A mean " + Self.meanText(statsA, rate: figure.isRate), Self.colourA),
            ("B mean " + Self.meanText(statsB, rate: figure.isRate), Self.colourB),
            (verdict, "#222"),
        ], x: x, top: top, width: width)
        let left = x + 70, right = x + width - 24, plotTop = y + 12, bottom = plotTop + 170
        if figure.isRate {
            ratePlot(figure, statsA, statsB, left: left, right: right, top: plotTop, bottom: bottom)
        } else {
            distributionPlot(figure, a: a, b: b, statsA, statsB, left: left, right: right, top: plotTop, bottom: bottom)
        }
        return bottom + 40
    }

    /// Bins over both sides' range: one per whole number when the values are whole and few,
    /// else 24 equal ones.
    static func bins(_ a: SortedCounts, _ b: SortedCounts) -> (lower: Double, width: Double, count: Int) {
        let low = [a.min, b.min].compactMap { $0 }.min() ?? 0, high = [a.max, b.max].compactMap { $0 }.max() ?? 0
        let whole = (a.entries + b.entries).allSatisfy { $0.value == $0.value.rounded() }
        if whole && high - low <= 30 { return (low - 0.5, 1, Int(high - low) + 1) }
        if high <= low { return (low - 0.5, 1, 1) }
        return (low, (high - low) / 24, 24)
    }

    /// Histograms side by side, with each side's mean and CI above.
    private mutating func distributionPlot(_ figure: Figure, a: SortedCounts, b: SortedCounts, _ statsA: Distribution, _ statsB: Distribution,
                                           left: Double, right: Double, top: Double, bottom: Double) {
        let (lower, binWidth, count) = Self.bins(a, b)
        let upper = lower + binWidth * Double(count)
        let lowEnd = min(lower, statsA.ciLow, statsB.ciLow), highEnd = max(upper, statsA.ciHigh, statsB.ciHigh)
        // Counts start their axis at 0, even when a bin reaches half a unit below it.
        let nonNegative = (a.entries + b.entries).allSatisfy { $0.value >= 0 }
        let xTicks = Self.ticks(low: nonNegative ? max(0, lowEnd) : lowEnd, high: highEnd, length: right - left)
        let domainLow = min(lowEnd, xTicks.lower), domainHigh = max(highEnd, xTicks.upper)
        let span = max(1e-12, domainHigh - domainLow)
        let xs: (Double) -> Double = { left + ($0 - domainLow) / span * (right - left) }
        func counts(_ values: SortedCounts) -> [Int] {
            var counts = Array(repeating: 0, count: count)
            for (value, n) in values.entries { counts[min(count - 1, max(0, Int((value - lower) / binWidth)))] += n }
            return counts
        }
        let countsA = counts(a), countsB = counts(b)
        let peak = Double(max(1, (countsA + countsB).max() ?? 1))
        // The bars above, then a strip on the value axis for each side's mean and interval
        // (in that axis's units), then the axis itself.
        let barsTop = top + 6, barsBottom = bottom - 30
        let yTicks = Self.ticks(low: 0, high: peak, length: barsBottom - barsTop)
        let ys: (Double) -> Double = { barsBottom - $0 / yTicks.upper * (barsBottom - barsTop) }
        leftAxis(yTicks, left: left, right: right, top: barsTop, bottom: barsBottom, title: "games", position: ys)
        canvas.line(left, barsBottom, right, barsBottom, colour: "#333")
        for value in xTicks.values { canvas.line(xs(value), barsBottom, xs(value), bottom, colour: "#e4e4e4") }
        bottomAxis(xTicks, left: left, right: right, bottom: bottom, title: figure.unit, position: xs)
        let f: (Double) -> String = { Format.number($0) }
        for bin in 0..<count {
            let from = lower + Double(bin) * binWidth
            let x0 = xs(from), x1 = xs(from + binWidth)
            let slot = (x1 - x0) / 2, inset = min(1, slot * 0.1)
            for (side, n, colour, offset) in [("A", countsA[bin], Self.colourA, 0.0), ("B", countsB[bin], Self.colourB, 1.0)] where n > 0 {
                let h = barsBottom - ys(Double(n))
                canvas.rect(x: x0 + offset * slot + inset, y: barsBottom - h, width: max(0.8, slot - 2 * inset), height: h, fill: colour,
                            opacity: 0.85, tooltip: "\(side): \(n) games with \(figure.name) \(f(from)) … \(f(from + binWidth))")
            }
        }
        for (side, stats, colour, row) in [("A", statsA, Self.colourA, 0.0), ("B", statsB, Self.colourB, 1.0)] where stats.count > 0 {
            let y = barsBottom + 12 + row * 12
            canvas.text("\(side) mean, CI", x: left - 7, y: y + 3.5, size: 9, anchor: .end, colour: colour)
            marker(stats, colour: colour, y: y, top: barsTop, xs: xs)
        }
    }

    /// A mean (dot) and its interval (whiskers) at height `y` on the value axis, and a dashed
    /// line up from the mean through the bars.
    private mutating func marker(_ stats: Distribution, colour: String, y: Double, top: Double, xs: (Double) -> Double) {
        let low = xs(stats.ciLow), high = xs(stats.ciHigh), mean = xs(stats.mean)
        canvas.line(mean, top, mean, y, colour: colour, width: 1.2, dash: "4 3", opacity: 0.8)
        canvas.line(low, y, high, y, colour: colour, width: 2)
        canvas.line(low, y - 4, low, y + 4, colour: colour, width: 2)
        canvas.line(high, y - 4, high, y + 4, colour: colour, width: 2)
        canvas.circle(x: mean, y: y, radius: 3.5, fill: colour)
    }

    /// A rate as two bars (A and B) with their Wilson intervals.
    private mutating func ratePlot(_ figure: Figure, _ statsA: Distribution, _ statsB: Distribution,
                                   left: Double, right: Double, top: Double, bottom: Double) {
        let yTicks = AxisTicks(low: 0, high: 1, count: 5)
        let ys: (Double) -> Double = { bottom - $0 * (bottom - top) }
        // A share of games (topped out) or, pooled over the games, of pieces (held).
        let counted = figure.share == nil ? "games" : "pieces"
        leftAxis(yTicks, left: left, right: right, top: top, bottom: bottom, title: counted, percent: true, position: ys)
        canvas.line(left, bottom, right, bottom, colour: "#333")
        let slot = (right - left) / 2
        for (index, side, stats, colour) in [(0.0, "A", statsA, Self.colourA), (1.0, "B", statsB, Self.colourB)] {
            let centre = left + slot * (index + 0.5), barWidth = min(90, slot * 0.45)
            let h = stats.mean * (bottom - top)
            canvas.rect(x: centre - barWidth / 2, y: bottom - h, width: barWidth, height: h, fill: colour, opacity: 0.85,
                        tooltip: "\(side): \(Format.percent(stats.mean)) of \(counted)")
            let low = ys(stats.ciLow), high = ys(stats.ciHigh)
            canvas.line(centre, low, centre, high, colour: "#222", width: 1.5)
            canvas.line(centre - 8, low, centre + 8, low, colour: "#222", width: 1.5)
            canvas.line(centre - 8, high, centre + 8, high, colour: "#222", width: 1.5)
            canvas.text(side, x: centre, y: bottom + 16, size: 12, anchor: .middle, bold: true, colour: colour)
        }
        canvas.text(figure.unit + " (bars), 95% CI (whiskers)", x: (left + right) / 2, y: bottom + 33, size: 12, anchor: .middle, colour: "#333")
    }
}
