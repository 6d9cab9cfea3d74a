/// Word wrapping for overlays and the too-small message, in columns (one per scalar).
public enum TextWrap {
    /// `text` broken into lines of at most `width` columns at spaces; a word longer than a
    /// line is cut. Text that fits is kept as it is (leading spaces too). No lines for a
    /// width below 1.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        if text.unicodeScalars.count <= width { return [text] }
        var lines: [String] = []
        var line: [Unicode.Scalar] = []
        func flush() {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: line)
            lines.append(String(view))
            line.removeAll()
        }
        let words = text.unicodeScalars.split(separator: " ", omittingEmptySubsequences: false)
        for word in words {
            var rest = Array(word)
            if !line.isEmpty {
                if line.count + 1 + rest.count <= width {
                    line.append(" ")
                    line.append(contentsOf: rest)
                    continue
                }
                flush()
            }
            while rest.count > width {
                line = Array(rest.prefix(width))
                flush()
                rest.removeFirst(width)
            }
            line = rest
        }
        flush()
        return lines
    }
}
