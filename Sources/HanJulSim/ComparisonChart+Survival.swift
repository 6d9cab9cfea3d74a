extension ComparisonChart {
    /// The Kaplan–Meier curves of A and B across the whole width; returns its bottom.
    mutating func survivalPanel(top: Double) -> Double {
        let x = Self.margin, width = self.width - 2 * Self.margin
        let survival = comparison.survival
        canvas.beginGroup(id: "survival")
        defer { canvas.endGroup() }
        let y = heading("How long games last: the share still playing after each number of pieces", lines: [
            ("A: \(survival.a.medianDescription); \(survival.a.events) of \(survival.a.games) topped out", Self.colourA),
            ("B: \(survival.b.medianDescription); \(survival.b.events) of \(survival.b.games) topped out", Self.colourB),
            (String(survival.verdict.dropFirst("survival: ".count)).capitalisedFirst, "#222"),
            ("Kaplan–Meier estimate: a game that tops out ends its curve's step; a game stopped by the cap "
                + "(or finished, or ended by a rule error) is censored there, marked |. A solid, B dashed.", "#555"),
        ], x: x, top: top, width: width)

        let longest = max(1, survival.a.longest, survival.b.longest)
        let lastEvent = [survival.a, survival.b].flatMap(\.steps).filter { $0.events > 0 }.map(\.pieces).max() ?? 0
        let plotTop = y + 14, plotHeight = 250.0
        // When every game that topped out did so early in the range, a second plot zooms in there.
        if lastEvent > 0 && Double(lastEvent) < 0.4 * Double(longest) {
            let half = (width - Self.gap) / 2
            let zoom = max(1, Int((Double(lastEvent) * 1.05).rounded(.up)))
            curves(range: longest, title: "all \(longest) pieces", left: x + 70, right: x + half - 14, top: plotTop + 20, height: plotHeight)
            curves(range: zoom, title: "zoomed in: the first \(zoom) pieces, where games topped out",
                   left: x + half + Self.gap + 70, right: x + width - 20, top: plotTop + 20, height: plotHeight)
            return plotTop + 20 + plotHeight + 40
        }
        curves(range: longest, title: nil, left: x + 70, right: x + width - 20, top: plotTop, height: plotHeight)
        return plotTop + plotHeight + 40
    }

    /// One plot of both curves over 0…`range` pieces, with its own small title above.
    private mutating func curves(range: Int, title: String?, left: Double, right: Double, top plotTop: Double, height: Double) {
        let survival = comparison.survival
        let bottom = plotTop + height
        if let title { canvas.text(title, x: left, y: plotTop - 10, size: 12, bold: true, colour: "#333") }
        let xTicks = Self.ticks(low: 0, high: Double(range), length: right - left)
        let xs: (Double) -> Double = { left + ($0 - xTicks.lower) / (xTicks.upper - xTicks.lower) * (right - left) }
        let yTicks = AxisTicks(low: 0, high: 1, count: 5)
        let ys: (Double) -> Double = { bottom - $0 * (bottom - plotTop) }
        leftAxis(yTicks, left: left, right: right, top: plotTop, bottom: bottom, title: "games still playing", percent: true, position: ys)
        bottomAxis(xTicks, left: left, right: right, bottom: bottom, title: "pieces placed", position: xs)
        let limit = xTicks.upper
        for (curve, colour, dash) in [(survival.a, Self.colourA, nil as String?), (survival.b, Self.colourB, "7 4")] {
            var points = [(xs(0), ys(1))]
            var alive = 1.0
            for step in curve.steps {
                let at = min(Double(step.pieces), limit)
                points.append((xs(at), ys(alive)))
                guard Double(step.pieces) <= limit else { break }
                alive = step.alive
                points.append((xs(at), ys(alive)))
            }
            canvas.path(points, colour: colour, width: 2.5, dash: dash)
            for step in curve.steps where step.censored > 0 && Double(step.pieces) <= limit {
                let cx = xs(Double(step.pieces)), cy = ys(step.alive)
                canvas.line(cx, cy - 6, cx, cy + 6, colour: colour, width: 1.5)
            }
        }
    }
}

extension String {
    /// The text with its first letter in upper case.
    var capitalisedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
