import HanJulText

/// Numbers and tables as text, without Foundation.
///
/// Text for people (`number`, `percent`, `signed`) writes negatives with the real minus
/// sign `−` (U+2212), everywhere alike; `fixed` keeps the ASCII hyphen, for SVG coordinates
/// and anything a program reads.
public enum Format {
    /// `x` rounded to `digits` decimals (`1234.5678, 2` → `"1234.57"`), with an ASCII `-`;
    /// huge or non-finite values as Swift prints them.
    public static func fixed(_ x: Double, _ digits: Int) -> String {
        guard x.isFinite, abs(x) < 1e15 else { return "\(x)" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(x) * scale).rounded()
        let whole = Int(scaled / scale)
        var fraction = Int(scaled - Double(whole) * scale)
        let negative = x < 0 && scaled != 0
        var text = (negative ? "-" : "") + String(whole)
        if digits > 0 {
            var fractionText = ""
            for _ in 0..<digits {
                fractionText = String(fraction % 10) + fractionText
                fraction /= 10
            }
            text += "." + fractionText
        }
        return text
    }

    /// A figure with as many decimals as its size calls for: 3 below 10, 2 below 100, 1
    /// below 10 000, none above.
    public static func number(_ x: Double, digits: Int? = nil) -> String {
        if let digits { return minus(trimmed(fixed(x, digits))) }
        let size = abs(x)
        let digits = size < 10 ? 3 : size < 100 ? 2 : size < 10_000 ? 1 : 0
        return minus(fixed(x, digits))
    }

    /// A 0…1 rate as a percentage with one decimal: `0.413` → `"41.3%"`, `-0.02` → `"−2.0%"`.
    public static func percent(_ x: Double) -> String { minus(fixed(x * 100, 1)) + "%" }

    /// A figure given a sign, with the real minus sign: `"1.5"` → `"+1.5"`, `"-2.0"` or
    /// `"−2.0"` → `"−2.0"`.
    public static func signed(_ text: String) -> String {
        if text.hasPrefix("−") { return text }
        return text.hasPrefix("-") ? "−" + text.dropFirst() : "+" + text
    }

    /// `text` with a leading ASCII hyphen written as the minus sign.
    static func minus(_ text: String) -> String {
        text.hasPrefix("-") ? "−" + text.dropFirst() : text
    }

    private static func trimmed(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var t = Substring(text)
        while t.hasSuffix("0") { t = t.dropLast() }
        if t.hasSuffix(".") { t = t.dropLast() }
        return String(t)
    }

    /// A whole number with its thousands grouped: `1,234,567`.
    public static func grouped(_ x: Double) -> String {
        let digits = String(Int(x.rounded()))
        var out = ""
        for (i, c) in digits.reversed().enumerated() {
            if i > 0 && i % 3 == 0 && c != "-" { out.append(",") }
            out.append(c)
        }
        return String(out.reversed())
    }

    /// Columns padded to their widest cell: the first left-aligned, the rest right-aligned.
    /// Cells are measured in terminal columns (`displayWidth`), so a figure a mod named in
    /// another script keeps the table aligned.
    public static func table(_ rows: [[String]]) -> String {
        guard let first = rows.first else { return "" }
        var widths = Array(repeating: 0, count: first.count)
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], displayWidth(cell)) }
        }
        var out = ""
        for row in rows {
            var line = ""
            for (i, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[i] - displayWidth(cell))
                line += i == 0 ? cell + pad : "  " + pad + cell
            }
            out += line + "\n"
        }
        return out
    }
}
