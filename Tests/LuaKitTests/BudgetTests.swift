import LuaKit
import Testing

@Suite struct BudgetTests {
    @Test func endlessLoopIsKilled() throws {  // L-17
        let state = try makeState()
        #expect(isBudget(failure(state, "while true do end")))
        expectAlive(state)
    }

    @Test(arguments: [
        "while true do pcall(function() while true do end end) end",
        "while true do pcall(error) end",
        "while true do xpcall(function() while true do end end, function() while true do end end) end",
        "while true do xpcall(error, function() while true do end end) end",
        "while true do local co = coroutine.create(function() while true do end end); coroutine.resume(co) end",
        "while true do pcall(coroutine.wrap(function() while true do end end)) end",
        "while true do pcall(function() local x <close> = setmetatable({}, {__close = function() while true do end end}); while true do end end) end",
        "local x <close> = setmetatable({}, {__close = function() while true do end end}); while true do end",
        "while true do pcall(string.rep, 'x', 1e9) end",
        "local t = {} while true do pcall(function() t[#t+1] = {} end) end",
    ])
    func hostileLoopsAreKilled(source: String) throws {  // L-18, L-19, L-26
        let state = try makeState()
        #expect(isBudget(failure(state, source)))
        expectAlive(state)
    }

    @Test func coroutineCreatedDuringInitIsCovered() throws {  // L-20
        let state = try makeState()
        let hook = try run(state, "local co = coroutine.wrap(function() while true do end end); return function() co() end")
        let function = try #require(hook.first?.functionValue)
        #expect(isBudget(callFailure { _ = try state.call(function, []) }))
        expectAlive(state)
    }

    @Test func budgetIsReArmedPerCall() throws {
        let state = try makeState(limits: LuaLimits(instructionsPerCall: 200_000))
        let spin = try #require(try run(state, "return function(n) local x = 0 for i = 1, n do x = x + i end return x end").first?.functionValue)
        // two instructions per iteration: 30 000 iterations fit, 150 000 do not
        #expect(try state.call(spin, 30_000) == .integer(450_015_000))
        #expect(try state.call(spin, 30_000) == .integer(450_015_000))
        #expect(isBudget(callFailure { _ = try state.call(spin, 150_000) }))
        #expect(try state.call(spin, 30_000) == .integer(450_015_000))
    }

    /// The C functions the count hook cannot interrupt charge their work to the same
    /// instruction budget (#15 item 3; L-21, L-22, L-22a, L-23): the hostile ones end like an
    /// endless loop, and where Lua itself refuses or runs out of memory, the message is Lua's.
    @Test func uninterruptibleCFunctionsAreBoundedByTheBudget() throws {
        let state = try makeState()
        let killed = [
            "string.rep('', 3e9)",
            "string.rep('', math.maxinteger)",
            "string.rep('', 1e12, '')",
            "table.move({}, 1, 3e8, 1, {})",
            "table.insert(setmetatable({}, {__len = function() return 1e15 end}), 1, 'x')",
            "table.remove(setmetatable({}, {__len = function() return 1e15 end}), 1)",
            "string.find(('a'):rep(160), ('.-'):rep(4) .. 'b')",
            "string.match(('a'):rep(300), ('.-'):rep(4) .. 'b')",
            "for _ in string.gmatch(('a'):rep(300), ('.-'):rep(4) .. 'b') do end",
            "string.gsub(('a'):rep(300), ('.*'):rep(4) .. 'b', '')",
            "local s = ('a'):rep(100000) .. 'x'; for i = 1, 1e6 do s:find('a*b') end",
            "local s = ('\u{e9}'):rep(1 << 20); for i = 1, 1e6 do utf8.len(s) end",
            "local s = ('x'):rep(4 << 20); for i = 1, 1e6 do local y = s .. i end",
            "local s = ('x'):rep(1 << 20); for i = 1, 1e6 do s:upper() end",
            "local s = ('ab'):rep(1 << 19); for i = 1, 1e6 do s:find('ba', 1, true) end",
            "local t = {} for i = 1, 100 do t[i] = ('x'):rep(1 << 16) end for i = 1, 1e6 do table.concat(t) end",
            "local t = {} for i = 1, 1e5 do t[i] = i end for i = 1, 1e6 do table.sort(t) end",
            "local t = {} for i = 1, 1e4 do t['k' .. i] = i end for i = 1, 1e6 do for k in pairs(t) do end end",
            "for i = 1, 1e6 do load(('-'):rep(1 << 20)) end",
            "for i = 1, 1e6 do collectgarbage() end",
        ]
        for source in killed {
            #expect(isBudget(failure(state, source)), "\(source)")
        }
        let refused: [(String, String)] = [
            ("string.rep('x', 1e9)", "not enough memory"),
            ("string.rep('aa', math.maxinteger // 2 + 10)", "resulting string too large"),
            ("table.move({}, math.mininteger, math.maxinteger, 1)", "bad argument #3 to 'move' (too many elements to move)"),
            ("table.move({}, 1, math.maxinteger, 2)", "bad argument #4 to 'move' (destination wrap around)"),
            ("table.concat({}, '', 1, 2e6)", "invalid value (nil) at index 1 in table for 'concat'"),
            ("table.unpack({}, 1, 1e7)", "too many results to unpack"),
            ("table.sort(setmetatable({}, {__len = function() return math.maxinteger end}))", "bad argument #1 to 'sort' (array too big)"),
            ("table.sort({1, 2, 3, 4}, function(a, b) return true end)", "invalid order function for sorting"),
        ]
        for (source, expected) in refused {
            let message: String = switch failure(state, source) {
            case .runtime(let message, _)?: message
            case .memory?: "not enough memory"
            case let other: "\(String(describing: other))"
            }
            #expect(message.contains(expected), "\(source): \(message)")
        }
        expectAlive(state)
    }

    /// Linear work on big inputs fits the budget of one call with room to spare.
    @Test func ordinaryUsesOfCFunctionsFitTheBudget() throws {
        let state = try makeState(limits: LuaLimits(memoryBytes: 32 << 20, instructionsPerCall: 10_000_000))
        #expect(try run(state, "local s = ('a'):rep(8 << 20); return string.find(s, ('a'):rep(1 << 20) .. 'b', 1, true)") == [nil])
        #expect(try run(state, "local s = ('a'):rep(8 << 20); return string.find(s, ('a'):rep(1 << 20) .. 'b')") == [nil])
        #expect(try run(state, "local t = {} for i = 1, 1e5 do t[i] = (i * 7919) % 100003 end table.sort(t); return t[1], t[1e5]") == [1, 100002])
        #expect(try run(state, "local t = {} for i = 1, 2e4 do t[i] = -i end table.sort(t, function(a, b) return a < b end); return t[1]") == [-20000])
        #expect(try run(state, "local t = {} for i = 1, 1e5 do t[i] = 'ab' end return #table.concat(t, ',')") == [299_999])
        #expect(try run(state, "return #string.rep('ab', 1e6, ',')") == [2_999_999])
        #expect(try run(state, "local t = {} for i = 1, 1e5 do t[i] = i end return select('#', table.unpack(t))") == [100_000])
        #expect(try run(state, "local t = {} for i = 1, 2000 do table.insert(t, 1, i) end return t[1], table.remove(t, 1), #t") == [2000, 2000, 1999])
        #expect(try run(state, "local t = {} for i = 1, 1e5 do t['k' .. i] = i end local n = 0 for k in pairs(t) do n = n + 1 end return n") == [100_000])
        expectAlive(state)
    }
}
