import LuaKit
import Testing

@Suite struct ValueTests {
    @Test func numbersConvertWithoutTrapping() throws {  // L-34
        let state = try makeState()
        let values = try run(state, "return 0/0, math.huge, -math.huge, 1e308, 2^63, math.maxinteger, math.mininteger, -0.0, '12', {}, nil, 3.0, 7")
        #expect(values.map(\.integerValue) == [nil, nil, nil, nil, nil, Int.max, Int.min, 0, nil, nil, nil, 3, 7])
        #expect(values[0].numberValue?.isNaN == true)
        #expect(values[0].finiteNumberValue == nil)
        #expect(values[7].numberValue?.sign == .minus)
        #expect(values[8].stringValue == "12")
        #expect(values.count == 13)
        // saturating arithmetic is the caller's job; the conversions themselves never trap
        let total = (values[5].integerValue ?? 0).addingReportingOverflow(1)
        #expect(total.overflow)
    }

    @Test func stringsKeepTheirBytes() throws {  // L-35
        let state = try makeState()
        let values = try run(state, #"return "a\0b", "\27[2J\194\155x", "\255\254", ("z"):rep(1e6)"#)
        #expect(values[0].luaString?.bytes == [97, 0, 98])
        #expect(values[1].luaString?.sanitized() == #"\e[2J\u{9B}x"#)
        #expect(values[2].luaString?.isValidUTF8 == false)
        #expect(values[2].stringValue == "\u{FFFD}\u{FFFD}")
        #expect(values[3].luaString?.bytes.count == 1_000_000)
        #expect(values[3].luaString?.sanitized(maxBytes: 5) == "zzzzz…")
    }

    @Test func tablesAreReadRaw() throws {  // L-32
        let state = try makeState()
        let result = try run(state, """
            local t = setmetatable({10, 20, 30, name = 'piece'}, {
              __index = function() error('index ran') end,
              __len = function() error('len ran') end,
              __pairs = function() error('pairs ran') end,
              __eq = function() error('eq ran') end,
            })
            return t
            """)
        let table = try #require(result.first?.tableValue)
        let top = state.stackTop
        #expect(table.rawLength == 3)
        #expect(table[2] == 20)
        #expect(table["name"] == "piece")
        #expect(table["missing"] == nil)
        #expect(table.hasMetatable)
        #expect(table.arrayValues() == [10, 20, 30])
        #expect(table.entries().count == 4)
        #expect(table.rawGet(.number(1.0)) == 10)
        #expect(throws: LuaError.conversion("table key is NaN")) { try table.rawSet(.number(.nan), 1) }
        #expect(throws: LuaError.conversion("table key is nil")) { try table.rawSet(nil, 1) }
        table.rawSet("added", true)
        #expect(table["added"] == true)
        #expect(result.first == result.first)
        #expect(state.stackTop == top)
    }

    @Test func valuesRoundTrip() throws {
        let state = try makeState()
        let identity = try #require(try run(state, "return function(...) return ... end").first?.functionValue)
        let table = state.newTable(array: [1, "two"], fields: ["x": 1.5])
        let input: [LuaValue] = [nil, true, 42, 2.5, "s\0t", .table(table), .function(identity)]
        let output = try state.call(identity, input)
        #expect(output == input)
        #expect(try state.call(identity, 7) == 7)
        let read = try state.call(identity, resultCount: 2, push: { $0.push(3); $0.push("x") }, read: { ($0.count, try $0.integer(1), try $0.string(2)) })
        #expect(read == (2, 3, "x"))
        #expect(throws: LuaError.conversion("result #1: string expected, got integer 3")) {
            _ = try state.call(identity, resultCount: 1, push: { $0.push(3) }, read: { try $0.string(1) })
        }
    }

    @Test func stackTopIsUnchangedByEveryAPI() throws {
        let state = try makeState()
        let top = state.stackTop
        let function = try state.load("return ...", chunkName: "=echo")
        _ = try state.call(function, [1, 2])
        _ = try state.call(function, 1)
        _ = try? state.call(try state.load("error('x')", chunkName: "=e"), [])
        _ = try? state.call(try state.load("while true do end", chunkName: "=e"), 0)
        _ = try? state.load("(", chunkName: "=bad")
        state.setGlobal("g", 5)
        #expect(state.global("g") == 5)
        let t = state.newTable(array: [1])
        _ = t[1]; _ = t["x"]; _ = t.rawLength; _ = t.entries(); _ = t.arrayValues()
        _ = state.makeObject(name: "o", methods: ["f": { _ in 0 }])
        _ = state.reachableCFunctions()
        #expect(state.stackTop == top)
    }

    @Test func luaReleaseIsReported() {  // L-38
        #expect(LuaState.luaRelease.hasPrefix("Lua 5.4"))
    }
}
