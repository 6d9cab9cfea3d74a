import HanJulBot
import HanJulCore
import HanJulSim
import Testing

/// The compare chart: every part drawn, and no label over another or past the edge.
@Suite struct ComparisonChartTests {
    /// Games where B tops out early and A reaches the cap, with figures spread out.
    static func records(toppingOut: Bool, count: Int = 60) -> [GameRecord] {
        (1...count).map { i in
            let pieces = toppingOut ? 80 + (i * 37) % 300 : 1000
            return GameRecord(seed: UInt64(i), pieces: pieces, lines: pieces * 2 / 5 - i % 7, score: pieces * (90 + i % 13) * (toppingOut ? 1 : 11),
                              level: 1 + pieces / 25, outcome: toppingOut ? .toppedOut : .capped,
                              clears: [pieces / 4 - i % 5, i % 9, i % 4, toppingOut ? 0 : i % 2], meanHeight: toppingOut ? 9 + Double(i % 5) : 3.5 + Double(i % 3) / 10,
                              maxHeight: toppingOut ? 20 : 8 + i % 4, holes: toppingOut ? 12 + i % 6 : i % 3, evaluated: 0)
        }
    }

    static func chart(selection: ComparisonChart.Selection? = nil, modsB: [String]? = nil) -> ComparisonChart {
        let config = SimulationConfig(bot: BotConfig(), cap: 1000)
        let a = RunHeader(rules: "standard", config: config, firstSeed: 1, lastSeed: 60)
        var b = RunHeader(rules: "mod:garbage", config: config, firstSeed: 1, lastSeed: 60)
        b.mods = modsB
        let recordsA = records(toppingOut: false), recordsB = records(toppingOut: true)
        let comparison = Comparison(a: a, recordsA: recordsA, b: b, recordsB: recordsB)
        return ComparisonChart(comparison: comparison, recordsA: recordsA, recordsB: recordsB, selection: selection)
    }

    static func checkLayout(_ chart: ComparisonChart) {
        let boxes = chart.canvas.texts
        for box in boxes {
            #expect(box.minX >= 0 && box.maxX <= chart.canvas.width && box.minY >= 0 && box.maxY <= chart.height,
                    "'\(box.text)' runs off the picture: \(box)")
        }
        for (i, box) in boxes.enumerated() {
            for other in boxes[(i + 1)...] where box.overlaps(other) {
                Issue.record("'\(box.text)' overlaps '\(other.text)'")
            }
        }
    }

    @Test func everyFigureAndTheSurvivalCurvesAreDrawn() {
        let chart = Self.chart()
        let svg = chart.svg
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1040\""))
        #expect(svg.contains("<g id=\"survival\">"))
        for figure in Figure.all(maxClear: 4) {
            #expect(svg.contains("<g id=\"figure-\(figure.key)\">"), "\(figure.key)")
            #expect(svg.contains(">\(figure.unit)<") || figure.isRate, "the axis title of \(figure.key)")
        }
        #expect(svg.contains(">pieces placed<") && svg.contains(">games still playing<"))
        #expect(svg.contains("log-rank χ²"))
        #expect(svg.contains("zoomed in: the first"), "B tops out within the first 380 of 1000 pieces")
        #expect(svg.contains(">A: standard rules, eltetris bot, fast search, cap 1000 pieces<"))
        #expect(svg.contains("A mean 1000.0 (95% CI 1000.0 … 1000.0)"))
        Self.checkLayout(chart)
    }

    @Test func longLegendsWrapInsideThePicture() {
        let lockfile = (1...6).map { "averyveryverylongmodname\($0)@1.0.0#" + String(repeating: "ab", count: 32) }
        let chart = Self.chart(modsB: lockfile)
        #expect(chart.canvas.texts.filter { $0.text.contains("averyveryverylongmodname") }.count >= 3, "the lockfile wraps over several lines")
        Self.checkLayout(chart)
    }

    @Test func onlyTheChosenParts() throws {
        let selection = try ComparisonChart.Selection.parse("holes at end, scorePerPiece,survival", maxClear: 4).get()
        #expect(selection == ComparisonChart.Selection(survival: true, figures: ["holes", "scorePerPiece"]))
        let svg = Self.chart(selection: ComparisonChart.Selection(survival: false, figures: ["toppedOut"])).svg
        #expect(svg.contains("<g id=\"figure-toppedOut\">") && !svg.contains("<g id=\"survival\">") && !svg.contains("figure-pieces"))
        Self.checkLayout(Self.chart(selection: selection))
        guard case .failure(let error) = ComparisonChart.Selection.parse("pieces,fun", maxClear: 4) else {
            Issue.record("'fun' is no figure")
            return
        }
        #expect(error.unknown == ["fun"] && error.known.first == "survival" && error.known.contains("clears4"))
    }

    @Test func ticksAreRoundAndLabelledToTheirStep() {
        let ticks = AxisTicks(low: 0, high: 9_873, count: 6)
        #expect(ticks.values == [0, 2000, 4000, 6000, 8000, 10_000])
        #expect(ticks.values.map { ticks.label($0) } == ["0", "2k", "4k", "6k", "8k", "10k"])
        let small = AxisTicks(low: 0.31, high: 0.52, count: 5)
        #expect(small.values.map { small.label($0) } == ["0.3", "0.35", "0.4", "0.45", "0.5", "0.55"])
        let signed = AxisTicks(low: -7, high: 3, count: 5)
        #expect(signed.values.map { signed.label($0) } == ["−8", "−6", "−4", "−2", "0", "2", "4"])
        let percent = AxisTicks(low: 0, high: 1, count: 5)
        #expect(percent.values.map { percent.label($0, percent: true) } == ["0%", "20%", "40%", "60%", "80%", "100%"])
    }

    @Test func textWidthsComeFromTheFont() {
        // DejaVu Sans: "0" is 1303/2048 em, "i" 569/2048, bold "W" 2259/2048, plus 5%.
        #expect(abs(TextMetrics.width("0", size: 2048) - 1303 * 1.05) < 1e-9)
        #expect(abs(TextMetrics.width("ii", size: 2048) - 2 * 569 * 1.05) < 1e-9)
        #expect(abs(TextMetrics.width("W", size: 2048, bold: true) - 2259 * 1.05) < 1e-9)
        #expect(TextMetrics.wrap("one two three four", width: TextMetrics.width("three four", size: 10), size: 10) == ["one two", "three four"])
    }

    /// `--svg-dir`: each part a picture of its own, narrower for a figure, laid out cleanly,
    /// with only its own intervals explained.
    @Test func eachPartAloneIsAFigure() throws {
        let config = SimulationConfig(bot: BotConfig(), cap: 1000)
        let a = RunHeader(rules: "standard", config: config, firstSeed: 1, lastSeed: 60)
        var b = RunHeader(rules: "mod:garbage", config: config, firstSeed: 1, lastSeed: 60)
        b.mods = ["garbage@1.0.0#" + String(repeating: "6358bc9a", count: 8)]
        let recordsA = Self.records(toppingOut: false), recordsB = Self.records(toppingOut: true)
        let comparison = Comparison(a: a, recordsA: recordsA, b: b, recordsB: recordsB)
        let tally = ComparisonTally(recordsA: recordsA, recordsB: recordsB)
        let parts = ComparisonChart.figures(comparison: comparison, tally: tally)
        #expect(parts.map(\.key) == ["survival"] + Figure.all(maxClear: 4).map(\.key))
        for (key, svg) in parts {
            #expect(svg.components(separatedBy: "<g id=").count == 2, "\(key): one part")
            #expect(svg.contains(key == "survival" ? "<g id=\"survival\">" : "<g id=\"figure-\(key)\">"))
            #expect(svg.contains(key == "survival" ? "width=\"1040\"" : "width=\"640\""), "\(key)")
        }
        let survival = try #require(parts.first?.svg)
        #expect(!survival.contains("95% CI for") && !survival.contains("Each panel"), "no intervals in the survival figure")
        let single = ComparisonChart(comparison: comparison, tally: tally, selection: .init(survival: false, figures: ["score"]), layout: .figure)
        Self.checkLayout(single)
        #expect(single.svg.contains("quasi-Poisson") && !single.svg.contains("Wilson"), "only the score's interval is explained")
        #expect(single.canvas.texts.contains { $0.text.hasPrefix("(garbage@1.0.0#") }, "the lockfile entry is broken to fit")
        // The means and intervals sit on the value axis: under the bars' baseline, above the tick labels.
        let label = try #require(single.canvas.texts.first { $0.text == "A mean, CI" })
        let games = try #require(single.canvas.texts.first { $0.text == "games" })
        let ticks = single.canvas.texts.filter { box in box.text.last?.isNumber == true && box.minY > label.maxY }
        #expect(label.minY > games.maxY && !ticks.isEmpty, "the value axis's labels are under the means")
    }

    @Test func anOverlongWordIsBroken() {
        let lines = TextMetrics.wrap("(x@1#" + String(repeating: "a", count: 200) + ")", width: 200, size: 12)
        #expect(lines.count > 1 && lines.allSatisfy { TextMetrics.width($0, size: 12) <= 200 })
        #expect(lines.joined() == "(x@1#" + String(repeating: "a", count: 200) + ")")
    }
}
