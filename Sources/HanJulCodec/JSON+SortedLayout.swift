import HanJulText

extension JSON {
    /// How ``serialized(_:)`` lays a value out.
    public enum Layout: Sendable, Equatable {
        /// ``serialized()``'s compact form: members in stored order.
        case compact
        /// The layout of the simulation files (docs/SIM.md), byte for byte what Foundation's
        /// `JSONEncoder` with `.sortedKeys` wrote before HanJul had one codec: members sorted
        /// by the UTF-8 bytes of their keys; doubles in Swift's shortest form without a
        /// trailing `.0` (`1`, `0.25`, `1e-05`); `/` as `\/`; `\b \f \n \r \t` short, other
        /// controls as `\u00xx`, and every other character HanJulText's `isHidden` names as
        /// `\uXXXX` (a surrogate pair above U+FFFF); all else raw UTF-8.
        case sorted
        /// ``sorted`` with `JSONEncoder`'s `.prettyPrinted`: one member or element a line,
        /// two spaces a level, `"key" : value`, and an empty array or object as `[`, an
        /// empty line, then `]` on its own line.
        case sortedPretty
    }

    /// This value in `layout`.
    ///
    /// ```swift
    /// let v: JSON = ["b": 1.0, "a": "x/y"]
    /// String(decoding: try v.serialized(.sorted), as: UTF8.self)   // {"a":"x\/y","b":1}
    /// ```
    ///
    /// - Throws: ``JSONError/Reason/nonFiniteNumber`` for NaN or an infinity.
    /// - Complexity: O(*n* log *n*) for sorting the members of each object.
    public func serialized(_ layout: Layout) throws(JSONError) -> [UInt8] {
        if layout == .compact { return try serialized() }
        var out: [UInt8] = []
        out.reserveCapacity(256)
        try writeSorted(into: &out, pretty: layout == .sortedPretty, indent: 0)
        return out
    }

    /// ``serialized(_:)`` as a `String`.
    ///
    /// - Complexity: as ``serialized(_:)``.
    public func serializedString(_ layout: Layout) throws(JSONError) -> String {
        String(decoding: try serialized(layout), as: UTF8.self)
    }

    /// A double as `JSONEncoder` writes it: `description` without a trailing `.0`.
    static func sortedLayoutText(_ d: Double) -> String {
        let text = d.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    private static func newline(_ out: inout [UInt8], indent: Int) {
        out.append(0x0A)
        for _ in 0..<indent { out.append(contentsOf: [0x20, 0x20]) }
    }

    private func writeSorted(into out: inout [UInt8], pretty: Bool, indent: Int) throws(JSONError) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .integer(let i): out.append(contentsOf: String(i).utf8)
        case .unsigned(let u): out.append(contentsOf: String(u).utf8)
        case .number(let d):
            guard d.isFinite else { throw JSONError(.nonFiniteNumber, at: 0) }
            out.append(contentsOf: Self.sortedLayoutText(d).utf8)
        case .string(let s): Self.writeSortedString(s, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (n, element) in elements.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { Self.newline(&out, indent: indent + 1) }
                try element.writeSorted(into: &out, pretty: pretty, indent: indent + 1)
            }
            // JSONEncoder writes an empty container with an empty line inside.
            if pretty { Self.newline(&out, indent: elements.isEmpty ? 0 : indent) }
            if pretty && elements.isEmpty { Self.newline(&out, indent: indent) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            let sorted = members.count < 2 ? members : members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (n, member) in sorted.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { Self.newline(&out, indent: indent + 1) }
                Self.writeSortedString(member.key, into: &out)
                out.append(contentsOf: pretty ? [0x20, 0x3A, 0x20] : [0x3A])
                try member.value.writeSorted(into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { Self.newline(&out, indent: members.isEmpty ? 0 : indent) }
            if pretty && members.isEmpty { Self.newline(&out, indent: indent) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeSortedString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { utf8 in
            // The common case: printable ASCII with nothing to escape, copied whole.
            if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C && $0 != 0x2F }) {
                out.append(contentsOf: utf8)
                return
            }
            for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars { writeSortedScalar(scalar, into: &out) }
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func writeSortedScalar(_ scalar: Unicode.Scalar, into out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        func escape(_ unit: UInt32) {
            out.append(contentsOf: [0x5C, 0x75])  // \u
            for shift in stride(from: 12, through: 0, by: -4) { out.append(hex[Int((unit >> UInt32(shift)) & 0xF)]) }
        }
        let v = scalar.value
        switch v {
        case 0x22: out.append(contentsOf: [0x5C, 0x22])
        case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
        case 0x2F: out.append(contentsOf: [0x5C, 0x2F])
        case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
        case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
        case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        case _ where isHidden(scalar):
            // Controls, and the bidi and invisible characters `visible` shows: the text
            // may be printed to a terminal (T-17).
            if v > 0xFFFF {
                escape(0xD800 + ((v - 0x10000) >> 10))
                escape(0xDC00 + ((v - 0x10000) & 0x3FF))
            } else {
                escape(v)
            }
        default: out.append(contentsOf: UTF8.encode(scalar)!)
        }
    }
}
