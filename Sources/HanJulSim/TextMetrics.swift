/// How wide text comes out in the charts' font, so a layout can keep labels apart and
/// inside the picture without a renderer at hand.
///
/// The widths are DejaVu Sans's advances (regular and bold, in 1/2048 em), the font
/// `sans-serif` resolves to on Debian; the charts name it first. Most other sans-serif
/// fonts (Arial, Helvetica, Liberation Sans) are narrower, so the estimate errs wide, and
/// ``margin`` adds 5% on top. Characters outside the table count as a full em.
public enum TextMetrics {
    /// The font list the charts ask for.
    public static let fontFamily = "DejaVu Sans, Bitstream Vera Sans, Verdana, Arial, Helvetica, sans-serif"
    /// Extra width allowed on every estimate.
    public static let margin = 1.05

    // Advances of " " through "~" (ASCII 32…126).
    private static let regular: [UInt16] = [
        651, 821, 942, 1716, 1303, 1946, 1597, 563, 799, 799, 1024, 1716, 651, 739, 651, 690, 1303, 1303, 1303, 1303,
        1303, 1303, 1303, 1303, 1303, 1303, 690, 690, 1716, 1716, 1716, 1087, 2048, 1401, 1405, 1430, 1577, 1294, 1178, 1587,
        1540, 604, 604, 1343, 1141, 1767, 1532, 1612, 1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403, 799,
        690, 799, 1716, 1024, 1024, 1255, 1300, 1126, 1300, 1260, 721, 1300, 1298, 569, 569, 1186, 569, 1995, 1298, 1253,
        1300, 1300, 842, 1067, 803, 1298, 1212, 1675, 1212, 1212, 1075, 1303, 690, 1303, 1716,
    ]
    private static let bold: [UInt16] = [
        713, 934, 1067, 1716, 1425, 2052, 1786, 627, 936, 936, 1071, 1716, 778, 850, 778, 748, 1425, 1425, 1425, 1425,
        1425, 1425, 1425, 1425, 1425, 1425, 819, 819, 1716, 1716, 1716, 1188, 2048, 1585, 1561, 1503, 1700, 1399, 1399, 1681,
        1714, 762, 762, 1587, 1305, 2038, 1714, 1741, 1501, 1741, 1577, 1475, 1397, 1663, 1585, 2259, 1579, 1483, 1485, 936,
        748, 936, 1716, 1024, 1024, 1382, 1466, 1214, 1466, 1389, 891, 1466, 1458, 702, 702, 1362, 702, 2134, 1458, 1407,
        1466, 1466, 1010, 1219, 979, 1458, 1335, 1892, 1321, 1335, 1192, 1458, 748, 1458, 1716,
    ]
    /// A few characters the charts use beyond ASCII: … − χ ² ± – — × √ ≥ ≤ │ ≈.
    private static let others: [Character: (regular: UInt16, bold: UInt16)] = [
        "…": (2048, 2048), "−": (1716, 1716), "χ": (1183, 1321), "²": (821, 897), "±": (1716, 1716), "–": (1024, 1024),
        "—": (2048, 2048), "×": (1716, 1716), "√": (1305, 1366), "≥": (1716, 1716), "≤": (1716, 1716), "│": (1233, 1233),
        "≈": (1716, 1716),
    ]

    /// The width of `text` at `size` pixels, with the safety ``margin``.
    public static func width(_ text: String, size: Double, bold isBold: Bool = false) -> Double {
        var units = 0
        for character in text {
            if let ascii = character.asciiValue, ascii >= 32, ascii <= 126 {
                units += Int((isBold ? bold : regular)[Int(ascii) - 32])
            } else if let known = others[character] {
                units += Int(isBold ? known.bold : known.regular)
            } else {
                units += 2048
            }
        }
        return Double(units) / 2048 * size * margin
    }

    /// `text` broken at spaces into lines no wider than `width`; a word wider than that (a
    /// mod's lockfile entry with its SHA-256) is broken where it must.
    public static func wrap(_ text: String, width: Double, size: Double, bold: Bool = false) -> [String] {
        var lines: [String] = []
        var line = ""
        for whole in text.split(separator: " ", omittingEmptySubsequences: false) {
            var word = String(whole)
            // The part of an overlong word that fits a line of its own goes on one.
            while Self.width(word, size: size, bold: bold) > width, word.count > 1 {
                var cut = word.count - 1
                while cut > 1 && Self.width(String(word.prefix(cut)), size: size, bold: bold) > width { cut -= 1 }
                if !line.isEmpty { lines.append(line) }
                lines.append(String(word.prefix(cut)))
                line = ""
                word = String(word.dropFirst(cut))
            }
            let candidate = line.isEmpty ? word : line + " " + word
            if !line.isEmpty && Self.width(candidate, size: size, bold: bold) > width {
                lines.append(line)
                line = word
            } else {
                line = candidate
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
