@testable import LuaKit
import Testing

@Suite struct DeterminismTests {
    @Test func mathRandomDrawsFromTheHostGenerator() throws {  // L-14
        let source = "math.randomseed(os and 1 or 42); local t = {} for i = 1, 5 do t[i] = math.random(1, 6) end; t[6] = math.random(); t[7] = math.random(0); return table.unpack(t)"
        let a = try run(makeState(random: SplitMix64(seed: 99).makeGenerator()), source)
        let b = try run(makeState(random: SplitMix64(seed: 99).makeGenerator()), source)
        let c = try run(makeState(random: SplitMix64(seed: 100).makeGenerator()), source)
        #expect(a == b)
        #expect(a != c)
        #expect(a[0..<5].allSatisfy { (1...6).contains($0.integerValue ?? 0) })
        #expect((0..<1).contains(a[5].numberValue ?? -1))
        // a constant generator gives known values
        let fixed = try makeState(random: { 0x8000_0000_0000_0000 })
        // 2⁶³ × 4 = 2⁶⁵: Lemire's mapping takes the high word, 2, so math.random(4) is 1 + 2.
        #expect(try run(fixed, "return math.random(), math.random(0), math.random(4)") == [0.5, .integer(Int.min), 3])
        #expect(runtimeMessage(fixed, "return math.random(3, 1)").contains("interval is empty"))
    }

    /// math.random(m, n) maps draws with Lemire's multiply-and-reject method, the engine's
    /// `SplitMix64.below`: so a mod may use it or game:random and get the same numbers.
    @Test func mathRandomRangesUseLemiresMapping() throws {
        func below(_ range: UInt64, _ next: () -> UInt64) -> UInt64 {
            var product = next().multipliedFullWidth(by: range)
            if product.low < range {
                let threshold = (0 &- range) % range
                while product.low < threshold { product = next().multipliedFullWidth(by: range) }
            }
            return product.high
        }
        var generator = SplitMix64(seed: 2026)
        let expected: [LuaValue] = (0..<200).map { i in
            let range = UInt64(1 + i % 13)
            return .integer(Int(below(range) { generator.next() }) - 3)
        }
        let state = try makeState(random: SplitMix64(seed: 2026).makeGenerator())
        let got = try run(state, "local t = {} for i = 0, 199 do t[#t + 1] = math.random(-3, -3 + i % 13) end return table.unpack(t)")
        #expect(got == expected)
    }

    @Test func pairsOrderIsDefined() throws {  // L-13
        let source = """
            local t = {}
            for _, k in ipairs({'delta', 'alpha', 'charlie', 'bravo', 'echo', 'ab', 'a'}) do t[k] = true end
            t[3] = 1; t[-1] = 1; t[1.5] = 1; t[true] = 1; t[false] = 1; t[10] = 1
            local out = {}
            for k in pairs(t) do out[#out + 1] = tostring(k) end
            return table.concat(out, ' ')
            """
        let expected: [LuaValue] = ["-1 1.5 3 10 a ab alpha bravo charlie delta echo false true"]
        // string hashes are seeded per state, so many states would expose any dependence
        for _ in 0..<5 {
            #expect(try run(makeState(), source) == expected)
        }
    }

    @Test func pairsSkipsRemovedKeysAndRefusesUnorderedKeys() throws {
        let state = try makeState()
        #expect(try run(state, "local t = {a=1, b=2, c=3}; local n = 0; for k in pairs(t) do t.b = nil; n = n + 1 end; return n") == [2])
        #expect(runtimeMessage(state, "for k in pairs({[{}] = 1}) do end").contains("a key of type table has no defined order"))
        #expect(try run(state, "local t = setmetatable({}, {__pairs = function(t) return function(_, k) if not k then return 1, 'one' end end, t, nil end}); for k, v in pairs(t) do return v end") == ["one"])
        expectAlive(state)
    }
}
