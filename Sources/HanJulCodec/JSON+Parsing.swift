extension JSON {
    /// The default nesting limit: deep enough for any HanJul file, shallow
    /// enough that the recursive parser never comes near the stack's end.
    public static let defaultMaxDepth = 64
    /// The default size limit, 16 MiB.
    public static let defaultMaxBytes = 16 << 20

    /// Ways to read a document more leniently than the strict default.
    public struct ParseOptions: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// A key repeated in one object keeps its first value (the rest are parsed, then
        /// dropped) instead of failing with ``JSONError/Reason/duplicateKey(_:)``.
        public static let keepsFirstDuplicateKey = ParseOptions(rawValue: 1)
        /// Integers above `Int64.max` that fit in `UInt64` parse as ``JSON/unsigned(_:)``
        /// instead of a rounded ``JSON/number(_:)``.
        public static let exactUnsignedIntegers = ParseOptions(rawValue: 2)
        /// A UTF-8 byte order mark before the document is skipped.
        public static let skipsByteOrderMark = ParseOptions(rawValue: 4)
        /// `-0` parses as the double `-0.0` (which writes back as `-0`), not the integer 0.
        public static let keepsNegativeZero = ParseOptions(rawValue: 8)
        /// One comma after the last element of an array or member of an object is allowed.
        public static let allowsTrailingCommas = ParseOptions(rawValue: 16)
        /// What Foundation's `JSONDecoder` accepted for the simulation files, which
        /// ``JSONValueDecoder`` reads now.
        public static let decoderCompatible: ParseOptions = [
            .keepsFirstDuplicateKey, .exactUnsignedIntegers, .skipsByteOrderMark, .keepsNegativeZero, .allowsTrailingCommas,
        ]
    }

    /// Parses one RFC 8259 JSON document.
    ///
    /// Strict: UTF-8 only, no comments, no trailing commas, no leading zeros,
    /// no raw control characters in strings, no unpaired surrogates, no
    /// duplicate keys, nothing but whitespace after the document. It never
    /// traps: every input either parses or throws a ``JSONError`` naming the
    /// byte offset and what was expected there.
    ///
    /// ```swift
    /// try JSON.parse(Array("[1, 2.5, \"x\"]".utf8))   // [.integer(1), .number(2.5), .string("x")]
    /// try JSON.parse(Array("[1,]".utf8))               // throws "byte 3: expected a value"
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: the UTF-8 document.
    ///   - maxDepth: arrays and objects nested deeper than this are refused.
    ///   - maxBytes: documents longer than this are refused before parsing.
    ///   - options: leniencies (none by default).
    /// - Complexity: O(*n*) in the size of the input.
    public static func parse(
        _ bytes: [UInt8], maxDepth: Int = defaultMaxDepth, maxBytes: Int = defaultMaxBytes, options: ParseOptions = []
    ) throws(JSONError) -> JSON {
        guard bytes.count <= maxBytes else {
            throw JSONError(.tooLarge(size: bytes.count, limit: maxBytes), at: 0)
        }
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth, options: options)
        if options.contains(.skipsByteOrderMark), bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        return try parser.parseDocument()
    }

    /// Parses one JSON document from text. See ``parse(_:maxDepth:maxBytes:options:)-([UInt8],_,_,_)``.
    ///
    /// - Complexity: O(*n*).
    public static func parse(
        _ text: String, maxDepth: Int = defaultMaxDepth, maxBytes: Int = defaultMaxBytes, options: ParseOptions = []
    ) throws(JSONError) -> JSON {
        try parse(Array(text.utf8), maxDepth: maxDepth, maxBytes: maxBytes, options: options)
    }
}

/// A recursive-descent parser over a byte array. Every index is checked, so
/// any input ends in a value or a ``JSONError``.
struct JSONParser {
    let bytes: [UInt8]
    let maxDepth: Int
    let options: JSON.ParseOptions
    var index = 0

    init(bytes: [UInt8], maxDepth: Int, options: JSON.ParseOptions = []) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.options = options
    }

    private var atEnd: Bool { index >= bytes.count }
    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func parseDocument() throws(JSONError) -> JSON {
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if !atEnd { throw JSONError(.trailingData, at: index) }
        return value
    }

    private mutating func skipWhitespace() {
        while let b = current, b == 0x20 || b == 0x0a || b == 0x0d || b == 0x09 { index += 1 }
    }

    private func fail(_ expected: String) -> JSONError {
        atEnd ? JSONError(.unexpectedEnd(expected: expected), at: index) : JSONError(.expected(expected), at: index)
    }

    private mutating func parseValue(depth: Int) throws(JSONError) -> JSON {
        guard let b = current else { throw fail("a value") }
        switch b {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("a value")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONError) {
        let start = index
        let text = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for expected in text {
            guard let b = current else { throw JSONError(.unexpectedEnd(expected: "'\(word)'"), at: start) }
            guard b == expected else { throw JSONError(.expected("'\(word)'"), at: start) }
            index += 1
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONError) -> JSON {
        if depth > maxDepth { throw JSONError(.tooDeep(limit: maxDepth), at: index) }
        index += 1  // [
        var elements: [JSON] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard let b = current else { throw fail("',' or ']'") }
            index += 1
            if b == UInt8(ascii: "]") { return .array(elements) }
            if b != UInt8(ascii: ",") {
                index -= 1
                throw fail("',' or ']'")
            }
            if options.contains(.allowsTrailingCommas) {
                skipWhitespace()
                if current == UInt8(ascii: "]") {
                    index += 1
                    return .array(elements)
                }
            }
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONError) -> JSON {
        if depth > maxDepth { throw JSONError(.tooDeep(limit: maxDepth), at: index) }
        index += 1  // {
        var members: [JSON.Member] = []
        var seen = Set<String>()
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw fail("a string key") }
            let keyOffset = index
            let key = try parseString()
            let isNew = seen.insert(key).inserted
            if !isNew && !options.contains(.keepsFirstDuplicateKey) { throw JSONError(.duplicateKey(key), at: keyOffset) }
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw fail("':'") }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            if isNew { members.append(JSON.Member(key, value)) }
            skipWhitespace()
            guard let b = current else { throw fail("',' or '}'") }
            index += 1
            if b == UInt8(ascii: "}") { return .object(members) }
            if b != UInt8(ascii: ",") {
                index -= 1
                throw fail("',' or '}'")
            }
            if options.contains(.allowsTrailingCommas) {
                skipWhitespace()
                if current == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                }
            }
        }
    }

    private mutating func parseNumber() throws(JSONError) -> JSON {
        let start = index
        var isNegative = false
        if current == UInt8(ascii: "-") {
            isNegative = true
            index += 1
        }
        guard let first = current, first >= 0x30, first <= 0x39 else { throw fail("a digit") }
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            while let d = current, d >= 0x30, d <= 0x39 { index += 1 }
        }
        let integerEnd = index
        var isInteger = true
        if current == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let d = current, d >= 0x30, d <= 0x39 else { throw fail("a digit after '.'") }
            while let d = current, d >= 0x30, d <= 0x39 { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let d = current, d >= 0x30, d <= 0x39 else { throw fail("a digit in the exponent") }
            while let d = current, d >= 0x30, d <= 0x39 { index += 1 }
        }
        if isInteger {
            // Accumulate negatively so that Int64.min fits.
            var value: Int64 = 0
            var overflow = false
            let digitsStart = isNegative ? start + 1 : start
            for position in digitsStart..<integerEnd {
                let digit = Int64(bytes[position] - 0x30)
                let (times10, o1) = value.multipliedReportingOverflow(by: 10)
                let (next, o2) = times10.subtractingReportingOverflow(digit)
                if o1 || o2 {
                    overflow = true
                    break
                }
                value = next
            }
            if !overflow {
                if isNegative && value == 0 && options.contains(.keepsNegativeZero) { return .number(-0.0) }
                if isNegative { return .integer(value) }
                let (positive, o) = (0 as Int64).subtractingReportingOverflow(value)
                if !o { return .integer(positive) }
            }
            if !isNegative && options.contains(.exactUnsignedIntegers) {
                var unsigned: UInt64 = 0
                var fits = true
                for position in start..<integerEnd {
                    let (times10, o1) = unsigned.multipliedReportingOverflow(by: 10)
                    let (next, o2) = times10.addingReportingOverflow(UInt64(bytes[position] - 0x30))
                    if o1 || o2 {
                        fits = false
                        break
                    }
                    unsigned = next
                }
                if fits { return .unsigned(unsigned) }
            }
            // Too large for Int64: fall through to a double.
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let double = Double(text), double.isFinite else {
            throw JSONError(.numberOutOfRange, at: start)
        }
        return .number(double)
    }

    private mutating func parseString() throws(JSONError) -> String {
        index += 1  // opening quote
        var out: [UInt8] = []
        while true {
            guard let b = current else { throw JSONError(.unexpectedEnd(expected: "'\"'"), at: index) }
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &out)
            case 0x00..<0x20:
                throw JSONError(.controlCharacterInString, at: index)
            case 0x20..<0x80:
                out.append(b)
                index += 1
            default:
                guard let length = validUTF8SequenceLength(at: index) else {
                    throw JSONError(.invalidUTF8, at: index)
                }
                out.append(contentsOf: bytes[index..<index + length])
                index += length
            }
        }
    }

    /// The length of the well-formed UTF-8 sequence (Unicode Table 3-7) that
    /// starts at `position` with a non-ASCII lead byte, or `nil`.
    private func validUTF8SequenceLength(at position: Int) -> Int? {
        let lead = bytes[position]
        func byte(_ k: Int) -> UInt8? { position + k < bytes.count ? bytes[position + k] : nil }
        func isContinuation(_ b: UInt8?) -> Bool { b.map { $0 & 0xC0 == 0x80 } ?? false }
        switch lead {
        case 0xC2...0xDF:
            return isContinuation(byte(1)) ? 2 : nil
        case 0xE0...0xEF:
            guard let second = byte(1) else { return nil }
            let secondOK: Bool
            switch lead {
            case 0xE0: secondOK = (0xA0...0xBF).contains(second)
            case 0xED: secondOK = (0x80...0x9F).contains(second)  // no surrogates
            default: secondOK = (0x80...0xBF).contains(second)
            }
            return secondOK && isContinuation(byte(2)) ? 3 : nil
        case 0xF0...0xF4:
            guard let second = byte(1) else { return nil }
            let secondOK: Bool
            switch lead {
            case 0xF0: secondOK = (0x90...0xBF).contains(second)
            case 0xF4: secondOK = (0x80...0x8F).contains(second)
            default: secondOK = (0x80...0xBF).contains(second)
            }
            return secondOK && isContinuation(byte(2)) && isContinuation(byte(3)) ? 4 : nil
        default:
            return nil
        }
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws(JSONError) {
        let start = index
        index += 1  // backslash
        guard let e = current else { throw JSONError(.unexpectedEnd(expected: "an escape"), at: index) }
        index += 1
        switch e {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try hex4(escapeStart: start)
            var scalarValue = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw JSONError(.unpairedSurrogate, at: start) }
                let lowStart = index
                index += 2
                let low = try hex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else { throw JSONError(.unpairedSurrogate, at: start) }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw JSONError(.unpairedSurrogate, at: start)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else { throw JSONError(.invalidEscape, at: start) }
            out.append(contentsOf: UTF8.encode(scalar)!)
        default:
            throw JSONError(.invalidEscape, at: start)
        }
    }

    private mutating func hex4(escapeStart: Int) throws(JSONError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let h = current else { throw JSONError(.unexpectedEnd(expected: "4 hex digits"), at: index) }
            let digit: UInt8
            switch h {
            case 0x30...0x39: digit = h - 0x30
            case 0x41...0x46: digit = h - 0x41 + 10
            case 0x61...0x66: digit = h - 0x61 + 10
            default: throw JSONError(.invalidEscape, at: escapeStart)
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }
}
