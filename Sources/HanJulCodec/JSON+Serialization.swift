import HanJulText

extension JSON {
    /// The compact, deterministic UTF-8 form of this value.
    ///
    /// The same value always gives the same bytes: members in their stored
    /// order, no whitespace, integers without a decimal point, doubles in
    /// Swift's shortest round-trip form (`0.1`, `1e+100`), `"` and `\` escaped as `\"`
    /// and `\\`, every character HanJulText's `isHidden` names (controls, bidi and
    /// invisible characters) as `\uXXXX` (a surrogate pair above U+FFFF), all other
    /// characters written as raw UTF-8.
    ///
    /// ```swift
    /// let v: JSON = ["a": 1, "b": [true, nil, 0.5], "c": "tab\there"]
    /// String(decoding: try v.serialized(), as: UTF8.self)
    /// // {"a":1,"b":[true,null,0.5],"c":"tab\u0009here"}
    /// ```
    ///
    /// - Throws: ``JSONError/Reason/nonFiniteNumber`` for NaN or an infinity.
    /// - Complexity: O(*n*) in the size of the output.
    public func serialized() throws(JSONError) -> [UInt8] {
        var out: [UInt8] = []
        try write(into: &out)
        return out
    }

    /// The compact serialized form as a `String`. See ``serialized()``.
    ///
    /// - Complexity: O(*n*).
    public func serializedString() throws(JSONError) -> String {
        String(decoding: try serialized(), as: UTF8.self)
    }

    private func write(into out: inout [UInt8]) throws(JSONError) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .integer(let i): out.append(contentsOf: String(i).utf8)
        case .unsigned(let u): out.append(contentsOf: String(u).utf8)
        case .number(let d):
            guard d.isFinite else { throw JSONError(.nonFiniteNumber, at: 0) }
            out.append(contentsOf: d.description.utf8)
        case .string(let s): Self.writeString(s, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (n, element) in elements.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                try element.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (n, member) in members.enumerated() {
                if n > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                try member.value.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ s: String, into out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        func escape(_ unit: UInt32) {
            out.append(contentsOf: Array("\\u".utf8))
            for shift in stride(from: 12, through: 0, by: -4) { out.append(hex[Int((unit >> UInt32(shift)) & 0xF)]) }
        }
        out.append(UInt8(ascii: "\""))
        for scalar in s.unicodeScalars {
            switch scalar.value {
            case 0x22: out.append(contentsOf: [0x5C, 0x22])
            case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
            case let v where isHidden(scalar):
                // Controls, and the bidi and invisible characters `visible` shows, are
                // escaped too: the text may be printed to a terminal (T-17).
                if v > 0xFFFF {
                    escape(0xD800 + ((v - 0x10000) >> 10))
                    escape(0xDC00 + ((v - 0x10000) & 0x3FF))
                } else {
                    escape(v)
                }
            default: out.append(contentsOf: Array(String(scalar).utf8))
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
