import LuaKit
import Testing

@Suite struct ErrorTests {
    @Test func hostileErrorObjectsBecomeText() throws {  // L-31
        let state = try makeState()
        let cases: [(String, String)] = [
            ("error('x', 0)", "x"),
            ("error(nil)", "(error object is a nil value)"),
            ("error({})", "(error object is a table value)"),
            ("error(setmetatable({}, {__tostring = function() error('boom') end}))", "(error object is a table value)"),
            ("error(setmetatable({}, {__tostring = function() while true do end end}))", "(error object is a table value)"),
            ("error(42)", "42"),
            ("error(1.5)", "1.5"),
            ("error(true)", "(error object is a boolean value)"),
        ]
        for (source, expected) in cases {
            #expect(runtimeMessage(state, source) == expected, "\(source)")
        }
        expectAlive(state)
    }

    @Test func runtimeErrorsCarryPositionAndTraceback() throws {
        let state = try makeState()
        let function = try state.load("local function inner() error('bad move') end\ninner()", chunkName: "@mod.lua")
        let error = callFailure { _ = try state.call(function, []) }
        guard case .runtime(let message, let traceback)? = error else {
            Issue.record("expected a runtime error, got \(String(describing: error))")
            return
        }
        #expect(message == "mod.lua:1: bad move")
        #expect(traceback.hasPrefix("stack traceback:"))
        #expect(traceback.contains("mod.lua:2:"))
    }

    @Test func functionsKnowWhereTheyWereWritten() throws {
        let state = try makeState()
        let chunk = try state.load("local t = {}\n\nfunction t.f()\n  return 1\nend\nreturn t.f, print", chunkName: "@Mods/x/mod.lua")
        #expect(chunk.definition == "Mods/x/mod.lua:0")
        let results = try state.call(chunk, [])
        guard case .function(let f)? = results.first, case .function(let print)? = results.last else {
            Issue.record("expected two functions, got \(results)")
            return
        }
        #expect(f.definition == "Mods/x/mod.lua:3")
        #expect(print.definition == nil)  // a C function has no line
    }

    @Test func syntaxErrorsAreTyped() throws {  // L-43
        let state = try makeState()
        #expect(throws: LuaError.syntax("broken:1: unexpected symbol near <eof>")) {
            _ = try state.load("return (", chunkName: "broken")
        }
        #expect(throws: LuaError.syntax("mod.lua:1: unexpected symbol near <eof>")) {
            _ = try state.load("return (", chunkName: "@mod.lua")
        }
        expectAlive(state)
    }

    @Test func hostFunctionErrorsAreLuaErrors() throws {
        let state = try makeState()
        state.register("setCell") { args in
            let x = try args.integer(1)
            let y = try args.integer(2)
            guard (0..<10).contains(x), (0..<20).contains(y) else { throw LuaHostError("cell (\(x), \(y)) is off the board") }
            return 0
        }
        #expect(runtimeMessage(state, "setCell(3, 99)") == "chunk:1: cell (3, 99) is off the board")
        #expect(runtimeMessage(state, "setCell('3', 1)").hasSuffix("bad argument #1 to 'setCell' (integer expected, got string)"))
        #expect(runtimeMessage(state, "setCell(1.5, 1)").hasSuffix("bad argument #1 to 'setCell' (number has no integer representation)"))
        #expect(runtimeMessage(state, "setCell(1)").hasSuffix("bad argument #2 to 'setCell' (integer expected, got no value)"))
        // scripts can catch host errors like any other
        #expect(try run(state, "return pcall(setCell, 0, -1)") == [false, "cell (0, -1) is off the board"])
        #expect(try run(state, "setCell(2.0, 3); return 'ok'") == ["ok"])
        expectAlive(state)
    }

    @Test func hostileHostArgumentsNeverTrap() throws {  // L-45
        let state = try makeState()
        var seen: [String] = []
        state.register("probe") { args in
            for i in 1...max(args.count, 1) {
                let value = args.value(i)
                seen.append("\(value.integerValue.map(String.init) ?? "-")/\(value.finiteNumberValue.map { String($0) } ?? "-")")
            }
            _ = try? args.finiteNumber(1)
            _ = try? args.string(1)
            _ = try? args.table(1)
            return 0
        }
        _ = try run(state, """
            probe(0/0, math.huge, -math.huge, 1e308, 2^63, math.maxinteger, math.mininteger, -0.0, '12', {}, nil)
            probe(setmetatable({}, {__index = function() error('no') end, __len = function() error('no') end}))
            """)
        #expect(seen.prefix(10) == ["-/-", "-/-", "-/-", "-/1e+308", "-/9.223372036854776e+18",
                                    "9223372036854775807/9.223372036854776e+18",
                                    "-9223372036854775808/-9.223372036854776e+18", "0/-0.0", "-/-", "-/-"])
    }

    @Test func yieldAtTopLevelIsAnError() throws {  // L-39
        let state = try makeState()
        #expect(runtimeMessage(state, "coroutine.yield(1)").contains("attempt to yield from outside a coroutine"))
        expectAlive(state)
    }

    @Test func coroutineWrapEdgeCases() throws {  // L-40
        let state = try makeState()
        state.register("callBack") { _ in 0 }
        #expect(runtimeMessage(state, "local f = coroutine.wrap(function() end); f(); f()").contains("cannot resume dead coroutine"))
        #expect(runtimeMessage(state, "coroutine.wrap(function() error('inside', 0) end)()") == "chunk:1: inside")
        #expect(try run(state, "local co = coroutine.wrap(function() local ok, e = pcall(table.sort, {3, 2, 1}, function(a, b) coroutine.yield() end); return e end); return co()")
            == ["attempt to yield across a C-call boundary"])
        expectAlive(state)
    }

    @Test func deepRecursionEndsInCleanErrors() throws {  // L-36, L-37
        let sources: [(String, String)] = [
            ("local function f() return 1 + f() end f()", "stack overflow"),
            ("local t = setmetatable({}, {}); getmetatable(t).__index = function(t, k) return t[k] end; return t.x", "stack overflow"),
            ("local t = setmetatable({}, {}); getmetatable(t).__concat = function(a, b) return a .. b end; return t .. 'x'", "stack overflow"),
            ("local function g(s) return (s:gsub('.', g)) end return g('ab')", "stack overflow"),
            ("local t = setmetatable({}, {}); getmetatable(t).__tostring = function(x) return tostring(x) end; return tostring(t)", "stack overflow"),
            ("local t = {} for i = 1, 100000 do t = setmetatable({}, {__index = t}) end return t.x", "'__index' chain too long"),
            ("local f, e = load('return ' .. ('('):rep(100000) .. '1' .. (')'):rep(100000)); error(e, 0)", "overflow"),
            ("local function f() pcall(1); coroutine.wrap(f)() end f()", ""),
            ("local co = coroutine.wrap(function() end) local function f(n) if n == 0 then return end return coroutine.wrap(function() return f(n - 1) end)() end f(10000)", ""),
        ]
        // Run on a thread with a known stack (the test runner's threads may be small).
        let outcomes: [String] = try LuaThread.run { () throws -> [String] in
            let state = try makeState(limits: LuaLimits(memoryBytes: 64 << 20, instructionsPerCall: 50_000_000))
            var outcomes: [String] = []
            for (source, _) in sources {
                switch failure(state, source) {
                case .runtime(let message, _)?: outcomes.append(message)
                case .memory?: outcomes.append("memory")
                case .budgetExceeded?: outcomes.append("budget")
                case let other?: outcomes.append("\(other)")
                case nil: outcomes.append("ok")
                }
            }
            outcomes.append(((try? state.run("return 1 + 1"))?.first?.integerValue).map(String.init) ?? "dead")
            return outcomes
        }
        for (i, (source, expected)) in sources.enumerated() where !expected.isEmpty {
            let options = expected.split(separator: "|").map(String.init)
            #expect(options.contains { outcomes[i].contains($0) }, "\(source) → \(outcomes[i])")
        }
        // and the state is still usable afterwards
        #expect(outcomes.last == "2")
    }
}
