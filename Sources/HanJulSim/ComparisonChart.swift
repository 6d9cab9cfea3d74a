/// `hanjul compare --svg`: one picture of a comparison. At the top, what A and B are and
/// how to read the marks; then how long games last (the survival curves, with the log-rank
/// verdict); then one panel per figure: both sides' distributions binned alike, each
/// side's mean and 95% confidence interval on the value axis below them, and the paired
/// verdict. `figures(…)` lays out each of those as a picture of its own (`--svg-dir`).
///
/// Every label is placed from its measured width (``TextMetrics``), so legends and ticks
/// never cover one another or run off the picture; ``canvas`` keeps the boxes for tests.
public struct ComparisonChart: Sendable {
    public static let colourA = "#1f63c6"
    public static let colourB = "#e0590b"
    static let sheetWidth = 1040.0, figureWidth = 640.0, margin = 28.0, gap = 36.0

    /// How the parts are laid out: all on one sheet, two figures a row, or one part alone
    /// in a narrower picture (a figure for a paper).
    public enum Layout: Sendable { case sheet, figure }

    /// What the chart shows: the survival curves and which figures (by key), in order.
    public struct Selection: Equatable, Sendable {
        public var survival: Bool
        public var figures: [String]

        public init(survival: Bool, figures: [String]) {
            self.survival = survival
            self.figures = figures
        }

        /// The survival curves and every figure.
        public static func everything(maxClear: Int) -> Selection {
            Selection(survival: true, figures: Figure.all(maxClear: maxClear).map(\.key))
        }

        /// The names in `list` (figure keys or names, or `survival`, separated by commas),
        /// or a message naming the ones that are not figures.
        public static func parse(_ list: String, maxClear: Int) -> Result<Selection, SelectionError> {
            let figures = Figure.all(maxClear: maxClear) + [Figure.held, Figure.result(nil)]
            var selection = Selection(survival: false, figures: [])
            var unknown: [String] = []
            for name in list.split(separator: ",").map({ String($0.trimmingSpaces) }) where !name.isEmpty {
                if name == "survival" {
                    selection.survival = true
                } else if let figure = figures.first(where: { $0.key == name || $0.name == name }) {
                    if !selection.figures.contains(figure.key) { selection.figures.append(figure.key) }
                } else {
                    unknown.append(name)
                }
            }
            if !unknown.isEmpty || (selection.figures.isEmpty && !selection.survival) {
                return .failure(SelectionError(unknown: unknown, known: ["survival"] + figures.map(\.key)))
            }
            return .success(selection)
        }
    }

    /// Names given to `--figures` that are no figure.
    public struct SelectionError: Error, Sendable {
        public var unknown: [String]
        public var known: [String]
    }

    public internal(set) var canvas: SVGCanvas
    public private(set) var height = 0.0
    let comparison: Comparison
    let width: Double

    /// Lays out the chart of `comparison`, whose games are `recordsA` and `recordsB`.
    public init(comparison: Comparison, recordsA: [GameRecord], recordsB: [GameRecord], selection: Selection? = nil) {
        self.init(comparison: comparison, tally: ComparisonTally(recordsA: recordsA, recordsB: recordsB), selection: selection)
    }

    /// Lays out the chart of `comparison`, whose games `tally` counts.
    public init(comparison: Comparison, tally: ComparisonTally, selection: Selection? = nil, layout: Layout = .sheet) {
        self.comparison = comparison
        // The figures these games have (held under hold rules, a result when games finished with one).
        let present = Self.present(comparison, tally)
        let selection = selection ?? Selection(survival: true, figures: present.map(\.key))
        width = layout == .sheet || selection.survival ? Self.sheetWidth : Self.figureWidth
        canvas = SVGCanvas(width: width)
        let figures = selection.figures.compactMap { key in present.first { $0.key == key } }
        var y = header(explaining: figures)
        if selection.survival { y = survivalPanel(top: y) + Self.gap }
        let columns = layout == .sheet ? 2 : 1
        let columnWidth = (width - 2 * Self.margin - Self.gap * Double(columns - 1)) / Double(columns)
        var index = 0
        while index < figures.count {
            var rowBottom = y
            for column in 0..<columns where index + column < figures.count {
                let figure = figures[index + column]
                let row = comparison.figures.first { $0.key == figure.key }
                let x = Self.margin + Double(column) * (columnWidth + Self.gap)
                let bottom = figurePanel(figure, row: row, a: SortedCounts(tally.a.counts(figure.key)), b: SortedCounts(tally.b.counts(figure.key)),
                                         x: x, top: y, width: columnWidth)
                rowBottom = max(rowBottom, bottom)
            }
            y = rowBottom + Self.gap
            index += columns
        }
        height = footnote(top: y, figures: figures.map(\.key))
    }

    /// The figures the games have, in order (held under hold rules, a result when games
    /// finished with one).
    static func present(_ comparison: Comparison, _ tally: ComparisonTally) -> [Figure] {
        tally.figures(result: comparison.a.result ?? comparison.b.result)
            .filter { figure in comparison.figures.contains { $0.key == figure.key } }
    }

    /// Each part of `selection` (default: everything) as a picture of its own: `survival`,
    /// then each figure by its key, in order.
    public static func figures(comparison: Comparison, tally: ComparisonTally, selection: Selection? = nil) -> [(key: String, svg: String)] {
        let present = Self.present(comparison, tally)
        let selection = selection ?? Selection(survival: true, figures: present.map(\.key))
        var parts: [(key: String, svg: String)] = []
        if selection.survival {
            parts.append(("survival", ComparisonChart(comparison: comparison, tally: tally,
                                                      selection: Selection(survival: true, figures: []), layout: .figure).svg))
        }
        for key in selection.figures where present.contains(where: { $0.key == key }) {
            parts.append((key, ComparisonChart(comparison: comparison, tally: tally,
                                               selection: Selection(survival: false, figures: [key]), layout: .figure).svg))
        }
        return parts
    }

    /// The SVG document.
    public var svg: String {
        let (a, b) = (comparison.a, comparison.b)
        let bots = a.hasTheSameBot(as: b) ? ("", "") : (" (\(a.botDescription) bot)", " (\(b.botDescription) bot)")
        return canvas.svg(height: height, title: "HanJul compare: A \(a.rules)\(bots.0) vs B \(b.rules)\(bots.1)")
    }

    // MARK: - Header and footnote

    /// The title, the two sides and the key to the marks; returns where the next part starts.
    private mutating func header(explaining figures: [Figure]) -> Double {
        let width = self.width - 2 * Self.margin
        var y = Self.margin + 20
        let title = "Compare A and B: \(comparison.games) games on the same seeds (\(comparison.a.firstSeed)…\(comparison.a.lastSeed))"
        for line in TextMetrics.wrap(title, width: width, size: 20, bold: true) {
            canvas.text(line, x: Self.margin, y: y, size: 20, bold: true)
            y += 26
        }
        y += 4
        for (side, header, colour) in [("A", comparison.a, Self.colourA), ("B", comparison.b, Self.colourB)] {
            let lines = TextMetrics.wrap("\(side): \(header.description)\(header.mods.map { " (" + $0.joined(separator: ", ") + ")" } ?? "")",
                                         width: width - 24, size: 13)
            canvas.rect(x: Self.margin, y: y - 11, width: 14, height: 14, fill: colour)
            for line in lines {
                canvas.text(line, x: Self.margin + 22, y: y, size: 13)
                y += 18
            }
        }
        y += 4
        let rates = "Each panel of a share: the share for A and B (bars) and its 95% confidence interval (whiskers). "
            + "The verdict is on B − A, paired by seed."
        let key = figures.allSatisfy(\.isRate) ? rates : "Each panel: games per bin for A and B (bars side by side); on the value axis under the bars, each side's "
            + "mean (dot) and the 95% confidence interval of that mean (whiskers), in the units of that axis; dashed lines "
            + "mark the means. The verdict is on B − A, paired by seed."
        for line in TextMetrics.wrap(key, width: width, size: 12) where !figures.isEmpty {
            canvas.text(line, x: Self.margin, y: y, size: 12, colour: "#555")
            y += 16
        }
        return y + 18
    }

    /// The interval methods of the figures drawn (keys); returns the picture's height.
    private mutating func footnote(top: Double, figures: [String]) -> Double {
        var y = top
        var methods: [IntervalMethod] = []
        for row in comparison.figures where figures.contains(row.key) {
            for method in [row.statsA.interval, row.statsB.interval, row.difference.interval] where !methods.contains(method) {
                methods.append(method)
            }
        }
        let names: [IntervalMethod: String] = [.wilson: "rates", .quasiPoisson: "figures that cannot be negative",
                                               .studentT: "differences and other figures", .newcombe: "differences of rates",
                                               .pooledWilson: "shares of pieces", .pooledDifference: "differences of shares of pieces"]
        for method in IntervalMethod.allCases where methods.contains(method) {
            for line in TextMetrics.wrap("95% CI for \(names[method] ?? method.rawValue): \(method.explanation).",
                                         width: width - 2 * Self.margin, size: 11) {
                canvas.text(line, x: Self.margin, y: y, size: 11, colour: "#555")
                y += 15
            }
        }
        return y + Self.margin - 10
    }

    // MARK: - Shared pieces

    /// Lines of a panel's heading: a bold title, then lines in colours; returns the y after them.
    mutating func heading(_ title: String, lines: [(String, String)], x: Double, top: Double, width: Double) -> Double {
        var y = top + 15
        for line in TextMetrics.wrap(title, width: width, size: 15, bold: true) {
            canvas.text(line, x: x, y: y, size: 15, bold: true)
            y += 19
        }
        for (text, colour) in lines {
            for line in TextMetrics.wrap(text, width: width, size: 12) {
                canvas.text(line, x: x, y: y, size: 12, colour: colour)
                y += 16
            }
        }
        return y - 4
    }

    /// Ticks that fit: as many as leave each label room, for a plot `length` pixels long.
    static func ticks(low: Double, high: Double, length: Double, percent: Bool = false, labelSize: Double = 11) -> AxisTicks {
        var count = max(2, Int(length / 60))
        while true {
            let ticks = AxisTicks(low: low, high: high, count: count)
            let widest = ticks.values.map { TextMetrics.width(ticks.label($0, percent: percent), size: labelSize) }.max() ?? 0
            let spacing = length / Double(max(1, ticks.values.count - 1))
            if count <= 2 || widest + 10 <= spacing { return ticks }
            count -= 1
        }
    }

    /// An axis along the bottom of a plot: ticks, labels and a title below.
    mutating func bottomAxis(_ ticks: AxisTicks, left: Double, right: Double, bottom: Double, title: String, percent: Bool = false,
                             position: (Double) -> Double) {
        canvas.line(left, bottom, right, bottom, colour: "#333")
        for value in ticks.values {
            let x = position(value)
            canvas.line(x, bottom, x, bottom + 4, colour: "#333")
            canvas.text(ticks.label(value, percent: percent), x: x, y: bottom + 16, size: 11, anchor: .middle, colour: "#333")
        }
        canvas.text(title, x: (left + right) / 2, y: bottom + 33, size: 12, anchor: .middle, colour: "#333")
    }

    /// An axis along the left of a plot, with light grid lines across it.
    mutating func leftAxis(_ ticks: AxisTicks, left: Double, right: Double, top: Double, bottom: Double, title: String,
                           percent: Bool = false, position: (Double) -> Double) {
        canvas.line(left, top, left, bottom, colour: "#333")
        for value in ticks.values {
            let y = position(value)
            if value != ticks.lower { canvas.line(left, y, right, y, colour: "#ddd") }
            canvas.line(left - 4, y, left, y, colour: "#333")
            canvas.text(ticks.label(value, percent: percent), x: left - 7, y: y + 4, size: 11, anchor: .end, colour: "#333")
        }
        let widest = ticks.values.map { TextMetrics.width(ticks.label($0, percent: percent), size: 11) }.max() ?? 0
        canvas.text(title, x: left - widest - 18, y: (top + bottom) / 2, size: 12, anchor: .middle, colour: "#333", vertical: true)
    }

    /// `9346 (9305 … 9388)` or `41.0% (35.6% … 46.6%)`.
    static func meanText(_ d: Distribution, rate: Bool) -> String {
        let f: (Double) -> String = rate ? { Format.percent($0) } : { Format.number($0) }
        return "\(f(d.mean)) (95% CI \(f(d.ciLow)) … \(f(d.ciHigh)))"
    }
}
