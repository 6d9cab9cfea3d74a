@testable import LuaKit
import Testing

@Suite struct DeterminismTests {
    @Test func mathRandomDrawsFromTheHostGenerator() throws {  // L-14
        let source = "local t = {} for i = 1, 5 do t[i] = math.random(1, 6) end; t[6] = math.random(); t[7] = math.random(0); return table.unpack(t)"
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

    /// math.randomseed(n) gives the mod its own generator, seeded as Lua 5.4 seeds it, so the
    /// numbers are plain Lua's for that seed (xoshiro256**: `math.randomseed(1007)` then
    /// `math.random(0)` is 0x7a7040a5a323c9d6 in the official tests); with no argument the seed
    /// comes from the host's generator and is returned.
    @Test func mathRandomseedSeedsTheModsOwnGenerator() throws {
        let a = try makeState(random: SplitMix64(seed: 1).makeGenerator())
        let b = try makeState(random: SplitMix64(seed: 2).makeGenerator())
        let source = "local x, y = math.randomseed(1007); return x, y, math.random(0), math.random(1, 100), math.random(3), math.random()"
        let seeded = try run(a, source)
        #expect(seeded[0...2] == [1007, 0, .integer(0x7a70_40a5_a323_c9d6)])
        #expect(try run(b, source) == seeded)
        let again = try run(a, "local x, y = math.randomseed(); local r = math.random(0); math.randomseed(x, y); return r == math.random(0), x, y")
        #expect(again[0] == true)
        let other = try run(b, "return math.randomseed()")
        #expect(other != Array(again[1...2]))
    }

    /// pairs and next visit numbers (ascending), strings (bytewise), false, true, then
    /// tables, functions and coroutines in the order they were created: the same order in
    /// every state and process, whatever Lua's per-state string-hash seed (#15 item 8).
    @Test func objectKeysAreVisitedInCreationOrder() throws {
        let source = """
            local made = {}
            for i = 1, 50 do
              made[i] = (i % 3 == 0) and function() return i end or (i % 3 == 1) and {i} or coroutine.create(print)
            end
            local t = {}
            for i = 50, 1, -1 do t[made[i]] = i end      -- inserted backwards
            t.name = 'x'; t[7] = 1; t[false] = 0
            local out = {}
            for k, v in pairs(t) do out[#out + 1] = type(k) == 'number' and k or type(k) == 'string' and k or type(k) == 'boolean' and tostring(k) or v end
            local viaNext = {}
            local k, v = next(t)
            while k ~= nil do viaNext[#viaNext + 1] = type(k) == 'number' and k or type(k) == 'string' and k or type(k) == 'boolean' and tostring(k) or v; k, v = next(t, k) end
            return table.concat(out, ' '), table.concat(viaNext, ' ')
            """
        let expected = "7 name false " + (1...50).map(String.init).joined(separator: " ")
        for _ in 0..<4 {
            #expect(try run(makeState(), source) == [.string(LuaString(expected)), .string(LuaString(expected))])
        }
    }

    @Test func pairsAndNextSurviveRemovalAndRefuseOnlyUnorderedKeys() throws {
        let state = try makeState()
        #expect(try run(state, "local t = {a=1, b=2, c=3}; local n = 0; for k in pairs(t) do t.b = nil; n = n + 1 end; return n") == [2])
        // removing the current key while walking with next, as Lua allows
        #expect(try run(state, "local t = {x=1, y=2, z=3, 10, 20}; local k = next(t); local n = 0; while k do local nk = next(t, k); t[k] = nil; n = n + 1; k = nk end; return n, next(t)") == [5, nil])
        #expect(runtimeMessage(state, "return next({10, 20}, 3)") == "invalid key to 'next'")
        #expect(runtimeMessage(state, "for k in pairs(5) do end").contains("bad argument #1 to 'for iterator' (table expected, got number)"))
        #expect(try run(state, "local t = setmetatable({}, {__pairs = function(t) return function(_, k) if not k then return 1, 'one' end end, t, nil end}); for k, v in pairs(t) do return v end") == ["one"])
        expectAlive(state)
    }

    /// Lua turns a NaN into text with the C library, which writes "-nan" on x86-64 for 0/0
    /// and "nan" on ARM; every path a mod can reach writes "nan" (#15 item 9), and
    /// string.pack clears the sign bit.
    @Test func nanHasOneTextEverywhere() throws {
        let state = try makeState()
        let result = try run(state, """
            local nan, neg = 0/0, -(0/0)
            return tostring(nan), tostring(neg), '' .. nan, neg .. '', string.format('%g|%5.1f|%e|%a|%s|%q', nan, neg, nan, neg, nan, nan),
                   table.concat({nan, neg}, ','), string.upper(nan), #tostring(nan), string.pack('<d', nan):byte(8), string.pack('>d', neg):byte(1),
                   string.format('%.3f', math.huge - math.huge), math.tointeger(nan)
            """)
        #expect(result == ["nan", "nan", "nan", "nan", "nan|  nan|nan|nan|nan|(0/0)", "nan,nan", "NAN", 3, 0x7F, 0x7F, "nan", nil])
    }

    /// For random tables of numbers, strings and booleans, pairs and next give exactly the
    /// order a Lua sort with the documented comparison gives.
    @Test func pairsOrderMatchesTheDocumentedOrder() throws {
        let state = try makeState(limits: LuaLimits(memoryBytes: 16 << 20, instructionsPerCall: 200_000_000))
        #expect(try run(state, """
            local function rank(k) local t = type(k) return t == 'number' and 0 or t == 'string' and 1 or 2 end
            local function less(a, b)
              local ra, rb = rank(a), rank(b)
              if ra ~= rb then return ra < rb end
              if ra == 2 then return (not a) and b end
              return a < b
            end
            math.randomseed(2026)
            for round = 1, 300 do
              local t, keys = {}, {}
              for i = 1, math.random(0, 60) do
                local r, k = math.random(6)
                if r == 1 then k = math.random(-5, 40) elseif r == 2 then k = math.random() * 100 - 50
                elseif r == 3 then k = string.char(math.random(97, 100)):rep(math.random(1, 3)) .. math.random(9)
                elseif r == 4 then k = math.random(2) == 1 elseif r == 5 then k = math.random(1, 20) else k = 2^53 + math.random(5) end
                if t[k] == nil then keys[#keys + 1] = k end
                t[k] = i
              end
              table.sort(keys, less)
              local i = 0
              for k in pairs(t) do i = i + 1; if k ~= keys[i] then return 'pairs, round ' .. round end end
              local k = next(t)
              i = 0
              while k ~= nil do i = i + 1; if k ~= keys[i] then return 'next, round ' .. round end; k = next(t, k) end
              if i ~= #keys then return 'count, round ' .. round end
            end
            return 'same order'
            """) == ["same order"])
    }
}
