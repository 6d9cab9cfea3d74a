import HanJulCodec
import Testing

/// A seeded SplitMix64, so every random test is reproducible.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

private func parse(_ text: String) throws(JSONError) -> JSON { try JSON.parse(text) }
private func compact(_ value: JSON) throws -> String { try value.serializedString() }

@Suite("JSON")
struct JSONTests {
    @Test("parses every kind of value and keeps key order")
    func parsesValues() throws {
        let doc = try parse(#" { "z": 1, "a": [true, false, null, -0.5, 1e3, "h\u00e9\n"], "m": {} } "#)
        #expect(doc == .object([
            .init("z", .integer(1)),
            .init("a", .array([.bool(true), .bool(false), .null, .number(-0.5), .number(1000), .string("hé\n")])),
            .init("m", .object([])),
        ]))
        #expect(try compact(doc) == #"{"z":1,"a":[true,false,null,-0.5,1000.0,"hé\u000a"],"m":{}}"#)
    }

    @Test("integers stay exact at the Int64 limits; beyond them they become doubles")
    func integers() throws {
        #expect(try parse("9223372036854775807") == .integer(Int64.max))
        #expect(try parse("-9223372036854775808") == .integer(Int64.min))
        #expect(try parse("9223372036854775808") == .number(9_223_372_036_854_775_808.0))
        #expect(try parse("-0") == .integer(0))
        #expect(try compact(.integer(Int64.min)) == "-9223372036854775808")
        #expect(try compact(.number(0.1)) == "0.1")
        #expect(try compact(.number(1e100)) == "1e+100")
    }

    @Test("strings: escapes, surrogate pairs, raw UTF-8 out, control characters escaped")
    func strings() throws {
        #expect(try parse(#""\ud83d\ude00 \" \\ \/ \b\f\n\r\t""#) == .string("😀 \" \\ / \u{8}\u{c}\n\r\t"))
        #expect(try compact(.string("a\u{0}b\u{1f}\u{7f}é😀\"\\")) == #""a\u0000b\u001f\u007fé😀\"\\""#)
    }

    @Test("round trip: serialize then parse gives the same value", arguments: [
        #"{"entries":[{"name":"ana","score":1200,"lines":40.5}],"v":[[],{},[null]]}"#,
        #"[0,-1,1.5,-2.25e-300,1.7976931348623157e+308,5e-324,"x\u0001y",true]"#,
        #""""#,
    ])
    func roundTrip(text: String) throws {
        let value = try parse(text)
        let bytes = try value.serialized()
        #expect(try JSON.parse(bytes) == value)
        #expect(try JSON.parse(bytes).serialized() == bytes, "serialization is deterministic")
    }

    @Test("errors name the byte offset and what was expected", arguments: [
        ("", 0, JSONError.Reason.unexpectedEnd(expected: "a value")),
        ("[1,]", 3, .expected("a value")),
        ("[1 2]", 3, .expected("',' or ']'")),
        (#"{"a" 1}"#, 5, .expected("':'")),
        (#"{"a":1,}"#, 7, .expected("a string key")),
        (#"{"a":1 "b":2}"#, 7, .expected("',' or '}'")),
        ("01", 1, .trailingData),
        ("1.", 2, .unexpectedEnd(expected: "a digit after '.'")),
        ("-x", 1, .expected("a digit")),
        ("1e400", 0, .numberOutOfRange),
        ("tru", 0, .unexpectedEnd(expected: "'true'")),
        ("nul!", 0, .expected("'null'")),
        ("\"a\tb\"", 2, .controlCharacterInString),
        (#""\x""#, 1, .invalidEscape),
        (#""\ud800""#, 1, .unpairedSurrogate),
        (#""\udc00x""#, 1, .unpairedSurrogate),
        (#"{"k":1,"k":2}"#, 7, .duplicateKey("k")),
        ("[1] x", 4, .trailingData),
        ("\"abc", 4, .unexpectedEnd(expected: "'\"'")),
    ])
    func errors(text: String, offset: Int, reason: JSONError.Reason) {
        #expect(throws: JSONError(reason, at: offset)) { try parse(text) }
    }

    @Test("invalid UTF-8 is refused with its offset")
    func invalidUTF8() {
        for bad: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82], [0x80]] {
            let doc = [0x22, 0x61] + bad + [0x22]
            #expect(throws: JSONError(.invalidUTF8, at: 2)) { try JSON.parse(doc) }
        }
        #expect(throws: JSONError(.expected("a value"), at: 0)) { try JSON.parse([0xEF, 0xBB, 0xBF, 0x31]) }
    }

    @Test("deep nesting is refused without a crash")
    func deepNesting() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONError(.tooDeep(limit: 64), at: 64)) { try parse(deep) }
        let objects = String(repeating: #"{"a":"#, count: 100_000)
        #expect(throws: JSONError(.tooDeep(limit: 64), at: 64 * 5)) { try parse(objects) }
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(try parse(ok) != .null)
    }

    @Test("size limit")
    func sizeLimit() {
        #expect(throws: JSONError(.tooLarge(size: 10, limit: 9), at: 0)) {
            try JSON.parse(Array("[1,2,3,4]\n".utf8), maxBytes: 9)
        }
    }

    @Test("NaN and infinity cannot be written")
    func nonFinite() {
        #expect(throws: JSONError(.nonFiniteNumber, at: 0)) { try JSON.array([.number(.nan)]).serialized() }
        #expect(throws: JSONError(.nonFiniteNumber, at: 0)) { try JSON.number(-.infinity).serialized() }
    }

    @Test("10,000 random and mutated inputs never trap, and whatever parses round-trips")
    func randomInputs() throws {
        var rng = SplitMix64(state: 0x4A50_4E)
        let seed = Array(#"{"a":[1,-2.5e3,"x\u00e9\ud83d\ude00",true,null,{"b":{}}],"c":"d"}"#.utf8)
        let alphabet = Array(#"{}[]:,"\-+.eE0123456789tfnrul "#.utf8) + [0x00, 0x80, 0xC3, 0xA9, 0xF0, 0xFF]
        var parsed = 0
        for round in 0..<10_000 {
            var input: [UInt8]
            switch round % 3 {
            case 0:
                input = (0..<rng.below(64)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            case 1:
                input = (0..<rng.below(64)).map { _ in alphabet[rng.below(alphabet.count)] }
            default:
                input = seed
                for _ in 0...rng.below(4) {
                    let at = rng.below(input.count)
                    switch rng.below(3) {
                    case 0: input[at] = UInt8(truncatingIfNeeded: rng.next())
                    case 1: input.remove(at: at)
                    default: input.insert(alphabet[rng.below(alphabet.count)], at: at)
                    }
                }
            }
            do {
                let value = try JSON.parse(input, maxDepth: 8)
                parsed += 1
                if let out = try? value.serialized() {
                    #expect(try JSON.parse(out) == value)
                }
            } catch {
                #expect(error.offset >= 0 && error.offset <= input.count)
            }
        }
        #expect(parsed > 0, "some mutated inputs should still parse")
    }
}
