import Foundation
import HanJulCodec
import Testing

/// The Codable bridge (JSONValueEncoder/JSONValueDecoder) and the sorted layouts: byte for
/// byte what Foundation's JSONEncoder (`.sortedKeys`, then every hidden character escaped)
/// wrote for the simulation files, and a faithful round trip.
@Suite("JSON Codable bridge")
struct JSONCodableTests {
    struct Inner: Codable, Equatable {
        var name: String
        var values: [Double]
        var empty: [Int]
        var none: [String: Int]
    }

    struct Sample: Codable, Equatable {
        var seed: UInt64
        var small: Int
        var negative: Int64
        var ratio: Double
        var flag: Bool
        var text: String
        var optional: String?
        var present: Int?
        var inner: Inner
        var list: [Inner]
        var nested: [[Double]]
        var byNumber: [Int: String]
        var B: Int  // swiftlint:disable:this identifier_name
        var aa: Int
        var _under: Int  // swiftlint:disable:this identifier_name
    }

    static let sample = Sample(
        seed: UInt64.max, small: 0, negative: Int64.min, ratio: 1.0, flag: true,
        text: "a/b \"q\" \\ \n\t\r\u{8}\u{c}\u{1}\u{1f}\u{7f}\u{85}\u{202e}é😀\u{E0001}",
        optional: nil, present: 7,
        inner: Inner(name: "x", values: [0.1, 1e-05, 1e+100, -0.0, .leastNonzeroMagnitude, 2.5, 1e16, 123456789.125], empty: [], none: [:]),
        list: [Inner(name: "", values: [], empty: [1], none: ["k": 1])],
        nested: [[1, 2, 3], [], [0.5]], byNumber: [10: "ten", 9: "nine"], B: 2, aa: 3, _under: 4)

    /// Captured from Foundation's JSONEncoder with `.sortedKeys` (Swift 6.3.1 on Linux), then
    /// the hidden characters escaped as HanJul's JSONLines did.
    static let goldenCompact = #"{"B":2,"_under":4,"aa":3,"byNumber":{"10":"ten","9":"nine"},"flag":true,"inner":{"empty":[],"name":"x","none":{},"values":[0.1,1e-05,1e+100,-0,5e-324,2.5,1e+16,123456789.125]},"list":[{"empty":[1],"name":"","none":{"k":1},"values":[]}],"negative":-9223372036854775808,"nested":[[1,2,3],[],[0.5]],"present":7,"ratio":1,"seed":18446744073709551615,"small":0,"text":"a\/b \"q\" \\ \n\t\r\b\f\u0001\u001f\u007f\u0085\u202eé😀\udb40\udc01"}"#

    static let goldenPretty = """
        {
          "empty" : [

          ],
          "name" : "x",
          "none" : {

          },
          "values" : [
            0.1,
            1e-05
          ]
        }
        """

    @Test("the compact sorted layout is JSONEncoder's, byte for byte")
    func compactGolden() throws {
        let json = try JSONValueEncoder().encode(Self.sample)
        #expect(try json.serializedString(.sorted) == Self.goldenCompact)
        #expect(try foundation(Self.sample, pretty: false) == Self.goldenCompact)
    }

    @Test("the pretty layout is JSONEncoder's, empty containers included")
    func prettyGolden() throws {
        let inner = Inner(name: "x", values: [0.1, 1e-05], empty: [], none: [:])
        #expect(try JSONValueEncoder().encode(inner).serializedString(.sortedPretty) == Self.goldenPretty)
        #expect(try foundation(inner, pretty: true) == Self.goldenPretty)
        #expect(try JSONValueEncoder().encode(Self.sample).serializedString(.sortedPretty) == (try foundation(Self.sample, pretty: true)))
    }

    @Test("decoding gives back the value, and reads what JSONDecoder reads")
    func roundTrip() throws {
        let bytes = Array(Self.goldenCompact.utf8)
        #expect(try JSONValueDecoder().decode(Sample.self, from: bytes) == Self.sample)
        #expect(try JSONDecoder().decode(Sample.self, from: Data(bytes)) == Self.sample)
    }

    struct Small: Codable, Equatable {
        var seed: UInt64
        var count: Int
        var ratio: Double
        var note: String?
    }

    @Test("lenient where JSONDecoder was: a repeated key keeps its first value, 34.0 is an Int, a BOM, unknown keys, null optionals, a trailing comma")
    func leniency() throws {
        let cases = [
            #"{"seed":1,"count":2,"ratio":3,"count":5}"#,
            #"{"seed":1,"count":34.0,"ratio":3,"note":null}"#,
            "\u{FEFF}{\"seed\":18446744073709551615,\"count\":-1,\"ratio\":1e2,\"extra\":[1,{}]}",
            #"{"seed":1.5e1,"count":2E0,"ratio":-0,"note":"\u00e9\/"}"#,
            #"{"seed":1,"count":2,"ratio":3,"extra":[1,],}"#,
            #"{"seed":1,"count":2,"ratio":3,"deep":"# + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}",
        ]
        for text in cases {
            let ours = try JSONValueDecoder().decode(Small.self, from: Array(text.utf8))
            let theirs = try JSONDecoder().decode(Small.self, from: Data(text.utf8))
            #expect(ours == theirs, "\(text)")
            #expect(ours.ratio.sign == theirs.ratio.sign, "\(text)")
        }
    }

    @Test("refused where JSONDecoder refused")
    func refusals() {
        let cases = [
            #"{"seed":-1,"count":2,"ratio":3}"#,
            #"{"seed":1,"count":2.5,"ratio":3}"#,
            #"{"seed":18446744073709551616,"count":2,"ratio":3}"#,
            #"{"seed":1,"count":9223372036854775808,"ratio":3}"#,
            #"{"seed":1,"count":"2","ratio":3}"#,
            #"{"seed":1,"count":null,"ratio":3}"#,
            #"{"seed":1,"ratio":3}"#,
            #"{"seed":1,"count":2,"ratio":true}"#,
            #"{"seed":1,"count":2,"ratio":3,,}"#,
            #"{"seed":1,"count":[,],"ratio":3}"#,
            #"{"seed":01,"count":2,"ratio":3}"#,
            #"{"seed":1,"count":2,"ratio":3} x"#,
            #"[1]"#,
            "",
        ]
        for text in cases {
            #expect(throws: (any Error).self, "\(text)") { try JSONValueDecoder().decode(Small.self, from: Array(text.utf8)) }
            #expect(throws: (any Error).self, "\(text)") { try JSONDecoder().decode(Small.self, from: Data(text.utf8)) }
        }
    }

    @Test("NaN and infinity are refused, as JSONEncoder refused them")
    func nonFinite() {
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode(Small(seed: 1, count: 1, ratio: .nan)) }
        #expect(throws: EncodingError.self) { try JSONValueEncoder().encode([Double.infinity]) }
    }

    @Test("random values: the same bytes as JSONEncoder, and decode(encode(x)) == x")
    func fuzz() throws {
        var random = SplitMix64(state: 23)
        let alphabet: [Unicode.Scalar] = ["a", "Z", "/", "\"", "\\", "\n", "\u{0}", "\u{1b}", "\u{7f}", "\u{9b}", "é", "한",
                                          "\u{200b}", "\u{feff}", "😀", "\u{10FFFF}", "\u{E000}", " ", "0"]
        func text() -> String {
            var s = String.UnicodeScalarView()
            for _ in 0..<random.below(8) { s.append(alphabet[random.below(alphabet.count)]) }
            return String(s)
        }
        func double() -> Double {
            switch random.below(5) {
            case 0: return Double(bitPattern: random.next() & ~(0x7FF << 52) | (UInt64(random.below(0x7FE) + 1) << 52))
            case 1: return Double(Int64(bitPattern: random.next()) >> random.below(64))
            case 2: return Double(random.below(1000)) / 100
            case 3: return [0.0, -0.0, 1e-05, 1e16, 1e15, 0.1, .ulpOfOne, .leastNonzeroMagnitude, .greatestFiniteMagnitude][random.below(9)]
            default: return Double(random.next() >> 11) * 0x1p-53
            }
        }
        for _ in 0..<500 {
            var map: [String: Int] = [:]
            for _ in 0..<random.below(4) { map[text()] = Int(Int64(bitPattern: random.next())) }
            let inner = Inner(name: text(), values: (0..<random.below(5)).map { _ in double() }, empty: [], none: map)
            let value = Sample(
                seed: random.next() >> random.below(64), small: random.below(3) - 1, negative: Int64(bitPattern: random.next()),
                ratio: double(), flag: random.below(2) == 0, text: text(), optional: random.below(2) == 0 ? nil : text(),
                present: random.below(2) == 0 ? nil : Int(Int64(bitPattern: random.next())), inner: inner,
                list: random.below(2) == 0 ? [] : [inner, inner], nested: [[double()], []],
                byNumber: [random.below(100): text()], B: 0, aa: 1, _under: 2)
            let json = try JSONValueEncoder().encode(value)
            let compact = try json.serializedString(.sorted)
            #expect(compact == (try foundation(value, pretty: false)))
            if random.below(10) == 0 { #expect(try json.serializedString(.sortedPretty) == (try foundation(value, pretty: true))) }
            let back = try JSONValueDecoder().decode(Sample.self, from: Array(compact.utf8))
            #expect(back == value)
            #expect(try JSONValueDecoder().decode(Sample.self, from: json) == value)
        }
    }

    @Test("exact unsigned integers only when asked, and written exactly")
    func unsigned() throws {
        #expect(try JSON.parse("18446744073709551615") == .number(18446744073709551615.0))
        #expect(try JSON.parse("18446744073709551615", options: .exactUnsignedIntegers) == .unsigned(.max))
        #expect(try JSON.parse("9223372036854775807", options: .exactUnsignedIntegers) == .integer(.max))
        #expect(try JSON.parse("18446744073709551616", options: .exactUnsignedIntegers) == .number(18446744073709551616.0))
        #expect(try JSON.unsigned(.max).serializedString() == "18446744073709551615")
        #expect(JSON(UInt64(5)) == .integer(5))
        #expect(throws: JSONError(.duplicateKey("a"), at: 8)) { try JSON.parse(#"{"a":1, "a":2}"#) }
        #expect(try JSON.parse(#"{"a":1, "a":2}"#, options: .keepsFirstDuplicateKey) == ["a": 1])
    }

    /// What Foundation's JSONEncoder wrote, with the hidden characters escaped afterwards as
    /// HanJul's JSONLines.escapingHidden did (the old pipeline, kept here as the oracle).
    func foundation(_ value: some Encodable, pretty: Bool) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
        let json = String(decoding: try encoder.encode(value), as: UTF8.self)
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard hidden(scalar), !["\t", "\n", "\r"].contains(scalar) else { out.append(scalar); continue }
            let units = scalar.value > 0xFFFF
                ? [0xD800 + ((scalar.value - 0x10000) >> 10), 0xDC00 + ((scalar.value - 0x10000) & 0x3FF)] : [scalar.value]
            for unit in units {
                let digits = String(unit, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - digits.count) + digits).unicodeScalars)
            }
        }
        return String(out)
    }

    /// HanJulText's isHidden, copied: this test target sees only HanJulCodec.
    func hidden(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v >= 0x20 && v < 0x7F { return false }
        switch v {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0xAD, 0x34F, 0x61C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F: return true
        case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F: return true
        case 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0xFFF9...0xFFFB: return true
        case 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF: return true
        case 0xFDD0...0xFDEF, 0xE000...0xF8FF, 0xF0000...0x10FFFF: return true
        default: return v & 0xFFFE == 0xFFFE
        }
    }
}
