/// A picture built as SVG text, which remembers where every label went: a chart's layout
/// can then be checked (no label over another, none past the edge) without a renderer.
public struct SVGCanvas: Sendable {
    /// Where a label lies, in the picture's pixels.
    public struct TextBox: Equatable, Sendable {
        public var text: String
        public var minX: Double
        public var minY: Double
        public var maxX: Double
        public var maxY: Double

        /// Whether the two boxes share any area.
        public func overlaps(_ other: TextBox) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }
    }

    public enum Anchor: String, Sendable {
        case start, middle, end
    }

    public let width: Double
    private(set) var body = ""
    /// Every label drawn, in order.
    public private(set) var texts: [TextBox] = []

    public init(width: Double) { self.width = width }

    static func n(_ x: Double) -> String { Format.fixed(x, 1) }

    /// A label with its baseline at `y`; `vertical` turns it to read upwards, centred on (x, y).
    public mutating func text(_ text: String, x: Double, y: Double, size: Double, anchor: Anchor = .start, bold: Bool = false,
                              colour: String = "#222", vertical: Bool = false, tooltip: String? = nil) {
        let length = TextMetrics.width(text, size: size, bold: bold)
        let ascent = 0.76 * size, descent = 0.24 * size
        let start = anchor == .start ? 0 : anchor == .middle ? length / 2 : length
        if vertical {
            texts.append(TextBox(text: text, minX: x - ascent, minY: y - length + start, maxX: x + descent, maxY: y + start))
        } else {
            texts.append(TextBox(text: text, minX: x - start, minY: y - ascent, maxX: x - start + length, maxY: y + descent))
        }
        var attributes = "x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" font-size=\"\(Self.n(size))\""
        if anchor != .start { attributes += " text-anchor=\"\(anchor.rawValue)\"" }
        if bold { attributes += " font-weight=\"bold\"" }
        if colour != "#222" { attributes += " fill=\"\(colour)\"" }
        if vertical { attributes += " transform=\"rotate(-90 \(Self.n(x)) \(Self.n(y)))\"" }
        let title = tooltip.map { "<title>\(Self.escape($0))</title>" } ?? ""
        body += "<text \(attributes)>\(title)\(Self.escape(text))</text>\n"
    }

    public mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, colour: String = "#444", width: Double = 1,
                              dash: String? = nil, opacity: Double = 1) {
        var attributes = "x1=\"\(Self.n(x1))\" y1=\"\(Self.n(y1))\" x2=\"\(Self.n(x2))\" y2=\"\(Self.n(y2))\" stroke=\"\(colour)\""
        if width != 1 { attributes += " stroke-width=\"\(Self.n(width))\"" }
        if let dash { attributes += " stroke-dasharray=\"\(dash)\"" }
        if opacity != 1 { attributes += " stroke-opacity=\"\(Format.fixed(opacity, 2))\"" }
        body += "<line \(attributes)/>\n"
    }

    public mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, opacity: Double = 1,
                              stroke: String? = nil, tooltip: String? = nil) {
        var attributes = "x=\"\(Self.n(x))\" y=\"\(Self.n(y))\" width=\"\(Self.n(width))\" height=\"\(Self.n(height))\" fill=\"\(fill)\""
        if opacity != 1 { attributes += " fill-opacity=\"\(Format.fixed(opacity, 2))\"" }
        if let stroke { attributes += " stroke=\"\(stroke)\"" }
        if let tooltip {
            body += "<rect \(attributes)><title>\(Self.escape(tooltip))</title></rect>\n"
        } else {
            body += "<rect \(attributes)/>\n"
        }
    }

    /// A polyline through `points`, not filled.
    public mutating func path(_ points: [(Double, Double)], colour: String, width: Double = 2, dash: String? = nil) {
        guard let first = points.first else { return }
        var d = "M\(Self.n(first.0)) \(Self.n(first.1))"
        for point in points.dropFirst() { d += " L\(Self.n(point.0)) \(Self.n(point.1))" }
        var attributes = "d=\"\(d)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"\(Self.n(width))\" stroke-linejoin=\"round\""
        if let dash { attributes += " stroke-dasharray=\"\(dash)\"" }
        body += "<path \(attributes)/>\n"
    }

    public mutating func circle(x: Double, y: Double, radius: Double, fill: String, stroke: String = "white") {
        body += "<circle cx=\"\(Self.n(x))\" cy=\"\(Self.n(y))\" r=\"\(Self.n(radius))\" fill=\"\(fill)\" stroke=\"\(stroke)\"/>\n"
    }

    /// Opens a group named `id` (for readers of the SVG); close it with ``endGroup()``.
    public mutating func beginGroup(id: String) { body += "<g id=\"\(Self.escape(id))\">\n" }
    public mutating func endGroup() { body += "</g>\n" }

    /// The whole picture, `height` pixels tall, on white.
    public func svg(height: Double, title: String) -> String {
        let size = "width=\"\(Int(width.rounded(.up)))\" height=\"\(Int(height.rounded(.up)))\""
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" \(size) viewBox=\"0 0 \(Int(width.rounded(.up))) \(Int(height.rounded(.up)))\" "
            + "font-family=\"\(TextMetrics.fontFamily)\">\n<title>\(Self.escape(title))</title>\n"
            + "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n" + body + "</svg>\n"
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default:
                // XML 1.0 has no place for most control characters.
                if let ascii = c.asciiValue, ascii < 32, ascii != 9, ascii != 10 { out += "?" } else { out.append(c) }
            }
        }
        return out
    }
}
