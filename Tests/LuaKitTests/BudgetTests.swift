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

    @Test func uninterruptibleCFunctionsAreCapped() throws {  // L-21, L-22, L-22a, L-23
        let state = try makeState()
        let cases: [(String, String)] = [
            ("string.rep('', 3e9)", "result too large"),
            ("string.rep('', math.maxinteger)", "result too large"),
            ("string.rep('x', 1e9)", "result too large"),
            ("table.move({}, 1, 3e8, 1, {})", "table.move: too many elements"),
            ("table.move({}, math.mininteger, math.maxinteger, 1)", "table.move: too many elements"),
            ("table.concat({}, '', 1, 2e6)", "table.concat: too many elements"),
            ("table.unpack({}, 1, 1e6)", "table.unpack: too many results"),
            ("table.sort(setmetatable({}, {__len = function() return 1e6 end}))", "table.sort: too many elements"),
            ("string.find(('a'):rep(160), ('.-'):rep(4) .. 'b')", "pattern too complex"),
            ("string.match(('a'):rep(300), ('.-'):rep(4) .. 'b')", "pattern too complex"),
            ("for _ in string.gmatch(('a'):rep(300), ('.-'):rep(4) .. 'b') do end", "pattern too complex"),
            ("string.gsub(('a'):rep(300), ('.*'):rep(4) .. 'b', '')", "pattern too complex"),
            ("(('a'):rep(20000)):find('.-b')", "pattern too complex"),
        ]
        for (source, expected) in cases {
            let message = runtimeMessage(state, source)
            #expect(message.contains(expected), "\(source): \(message)")
        }
        // ordinary uses still work
        #expect(try run(state, "return ('key=value'):match('^(%w+)=(%w+)$')") == ["key", "value"])
        #expect(try run(state, "return (('a b  c'):gsub('%s+', ' '))") == ["a b c"])
        #expect(try run(state, "return string.find(('a'):rep(100000), 'b', 1, true)") == [nil])
        expectAlive(state)
    }
}

