#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HanJulText

/// The JSON of the simulation commands.
package enum JSONLines {
    package static func text(_ value: some Encodable, pretty: Bool = false) throws(SweepError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
        do {
            return escapingHidden(String(decoding: try encoder.encode(value), as: UTF8.self))
        } catch {
            throw SweepError("cannot encode JSON: \(error)")
        }
    }

    /// JSON text with every character `visible` would show (C1 controls, bidi and
    /// invisible characters, which JSONEncoder leaves raw) as a `\uXXXX` escape: the same
    /// value, safe on a terminal (T-17). Raw tab, newline and return in JSON text are only
    /// ever the layout's (the encoder escapes them inside strings).
    package static func escapingHidden(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { isHidden($0) && !["\t", "\n", "\r"].contains($0) }) else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard isHidden(scalar), !["\t", "\n", "\r"].contains(scalar) else { out.append(scalar); continue }
            let units = scalar.value > 0xFFFF
                ? [0xD800 + ((scalar.value - 0x10000) >> 10), 0xDC00 + ((scalar.value - 0x10000) & 0x3FF)] : [scalar.value]
            for unit in units {
                let digits = String(unit, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - digits.count) + digits).unicodeScalars)
            }
        }
        return String(out)
    }
}
