import LuaKit
import Testing

/// Lua that behaves like Lua (#12 item 9): each case is a snippet whose answer in plain
/// Lua 5.4 is written out, and the sandbox must give the same.
@Suite struct ConformanceTests {
    /// Pattern matching is bounded by the steps it takes, not by the pattern's shape, so
    /// ordinary patterns run on 100 KB subjects.
    @Test func linearPatternsRunOnBigSubjects() throws {
        let state = try makeState(limits: LuaLimits(memoryBytes: 32 << 20, instructionsPerCall: 10_000_000))
        #expect(try run(state, """
            local n = 0
            for k, v in ("width=10 height=20 gap=1"):gmatch("(%w+)%s*=%s*(%w+)") do n = n + 1 end
            return n
            """) == [3])
        let big = """
            local line = "  alpha=1 beta = 22\\t gamma=333  "
            local text = line:rep(3000)                       -- 96 KB
            local pairsFound = 0
            for k, v in text:gmatch("(%w+)%s*=%s*(%w+)") do pairsFound = pairsFound + 1 end
            local trimmed = text:match("^%s*(.-)%s*$")
            local lines = 0
            for l in (("x"):rep(60) .. "\\n"):rep(1700):gmatch("[^\\n]+") do lines = lines + 1 end
            local words = select(2, text:gsub("%a+", "%0"))
            return #text, pairsFound, #trimmed, lines, words, text:find("gamma=333  $") ~= nil
            """
        #expect(try run(state, big) == [96_000, 9000, 95_996, 1700, 9000, true])
    }

    @Test func catastrophicPatternsRunOutOfBudget() throws {
        let state = try makeState()
        #expect(isBudget(failure(state, "return ('a'):rep(300):find(('.-'):rep(4) .. 'b')")))
        #expect(isBudget(failure(state, "return pcall(string.match, ('a'):rep(40), ('a?'):rep(40) .. ('a'):rep(40) .. 'b')")))
        expectAlive(state)
    }

    /// Lua's own pattern messages.
    @Test func malformedPatternsGiveLuasMessages() throws {
        let state = try makeState()
        let cases: [(String, String)] = [
            ("('a'):find('(.')", "unfinished capture"),
            ("('a'):find('.)')", "invalid pattern capture"),
            ("('a'):find('[a')", "malformed pattern (missing ']')"),
            ("('a'):find('%')", "malformed pattern (ends with '%')"),
            ("('a'):find('%b')", "malformed pattern (missing arguments to '%b')"),
            ("('a'):find('%f')", "missing '[' after '%f' in pattern"),
            ("('alo'):gsub('.', '%2')", "invalid capture index %2"),
            ("('alo'):gsub('(%0)', 'a')", "invalid capture index %0"),
            ("('alo'):gsub('.', '%x')", "invalid use of '%' in replacement string"),
            ("('alo'):gsub('.', {a = {}})", "invalid replacement value (a table)"),
            ("('alo'):gsub('.', true)", "bad argument #2 to 'gsub' (string/function/table expected, got boolean)"),
            ("('a'):find(('('):rep(40))", "too many captures"),
        ]
        for (source, expected) in cases {
            #expect(runtimeMessage(state, source).contains(expected), "\(source): \(runtimeMessage(state, source))")
        }
        #expect(try run(state, "return ('hello world'):find('o w'), ('hello'):match('(h)(e)()'), ('THE (quick) fox'):find('%((%a+)%)')")
            == [5, "h", 5, 11, "quick"])
        #expect(try run(state, "return ('abc'):gsub('%w', '%0%0'), ('hello world'):gsub('o', {o = 0}), (' x '):gsub('%f[%w]%w+', string.upper)")
            == ["aabbcc", "hell0 w0rld", " X ", 1])
    }

    @Test func functionsAddedToStringWorkAsMethods() throws {
        let state = try makeState()
        #expect(try run(state, "function string.trim(s) return (s:gsub('^%s*(.-)%s*$', '%1')) end; return ('  x  '):trim()") == ["x"])
    }

    /// Unbounded recursion is a stack overflow at its line, which pcall catches (plain Lua's
    /// answer), not an out-of-memory error.
    @Test func stackOverflowSaysSoWithTheLine() throws {
        let result = try LuaThread.run { () throws -> [LuaValue] in
            let state = try makeState(limits: LuaLimits(memoryBytes: 32 << 20, instructionsPerCall: 10_000_000))
            return try state.run("""
                local function f(n) return 1 + f(n - 1) end
                local ok, message = pcall(f, 1)
                local depth = 0
                local function g() depth = depth + 1; g() end
                local ok2, message2 = pcall(g)
                return ok, message, ok2, message2, depth > 100000
                """, chunkName: "@deep.lua")
        }
        #expect(result == [false, "deep.lua:1: stack overflow", false, "deep.lua:4: stack overflow", true])
    }

    @Test func libraryErrorsNameTheFunction() throws {
        let state = try makeState()
        let cases: [(String, String)] = [
            ("return pcall(string.format, '%d', 1.5)", "bad argument #2 to 'string.format' (number has no integer representation)"),
            ("return pcall(setmetatable, 1)", "bad argument #1 to 'setmetatable' (table expected, got number)"),
            ("return pcall(load)", "bad argument #1 to 'load' (function expected, got no value)"),
            ("return pcall(table.move, {}, 1, 2)", "bad argument #4 to 'table.move' (number expected, got no value)"),
            ("return pcall(string.rep)", "bad argument #1 to 'string.rep' (string expected, got no value)"),
            ("return pcall(table.concat, {{}})", "invalid value (table) at index 1 in table for 'concat'"),
            ("return pcall(string.gsub, 'x', '.')", "bad argument #3 to 'string.gsub' (string/function/table expected, got no value)"),
            ("return pcall(function() return string.format('%d', 1.5) end)", "chunk:1: bad argument #2 to 'format' (number has no integer representation)"),
            ("return pcall(function() return ('%d'):format(1.5) end)", "chunk:1: bad argument #1 to 'format' (number has no integer representation)"),
        ]
        for (source, expected) in cases {
            #expect(try run(state, source) == [false, .string(LuaString(expected))], "\(source)")
        }
        // an alias a mod makes does not change the name (Lua's choice would follow hash order)
        #expect(try run(state, "myformat = string.format; return pcall(myformat, '%d', 1.5)")
            == [false, "bad argument #2 to 'string.format' (number has no integer representation)"])
    }

    @Test func requireGivesTheOpenedLibraries() throws {
        let state = try makeState()
        #expect(try run(state, "return require('utf8') == utf8, require('string') == string, require('table') == table, require('math') == math, require('coroutine') == coroutine, require('_G') == _G")
            == [true, true, true, true, true, true])
        #expect(runtimeMessage(state, "require('os')").contains("module 'os' not found"))
        #expect(runtimeMessage(state, "require('debug')").contains("module 'debug' not found"))
    }

    /// The handler runs at the error, before the stack unwinds (so before the to-be-closed
    /// variables of the failed function close), and a failing handler gives Lua's answer.
    @Test func xpcallHandlerRunsBeforeTheStackUnwinds() throws {
        let state = try makeState()
        #expect(try run(state, "return xpcall(error, error)") == [false, "error in error handling"])
        #expect(try run(state, """
            local log = {}
            local ok, message = xpcall(function()
              local x <close> = setmetatable({}, {__close = function() log[#log + 1] = 'closed' end})
              error('boom', 0)
            end, function(m) log[#log + 1] = 'handled ' .. m; return 'handled' end)
            return ok, message, table.concat(log, ', ')
            """) == [false, "handled", "handled boom, closed"])
        #expect(try run(state, "local n = 0; return xpcall(error, function(m) n = n + 1; if n < 3 then error('again ' .. n, 0) end; return m .. ' after ' .. n end, 'first')")
            == [false, "again 2 after 3"])
        #expect(try run(state, "return xpcall(function(a, b) return a + b end, print, 2, 3)") == [true, 5])
        #expect(runtimeMessage(state, "xpcall(print)").contains("bad argument #2 to 'xpcall' (function expected, got no value)"))
        expectAlive(state)
    }

    @Test func yieldingInsideAPairsMetamethodWorks() throws {
        let state = try makeState()
        #expect(try run(state, """
            local t = setmetatable({10, 20, 30}, {__pairs = function(t)
              local x = coroutine.yield('paused')
              return function(_, i) i = i + 1; if t[i] then return i, t[i] * x end end, t, 0
            end})
            local co = coroutine.wrap(function() local out = {} for _, v in pairs(t) do out[#out + 1] = v end return table.concat(out, ' ') end)
            return co(), co(2)
            """) == ["paused", "20 40 60"])
    }

    /// An error inside a required file names the file (with ".lua") and keeps its frames.
    @Test func errorsInRequiredFilesKeepTheirFile() throws {
        let state = try makeState(modules: ["util": "local x = 1\nreturn x.y.z", "lib.deep": "return require('util')"])
        let error = failure(state, "return require('lib.deep')")
        guard case .runtime(let message, let traceback)? = error else {
            Issue.record("expected a runtime error, got \(String(describing: error))")
            return
        }
        #expect(message == "util.lua:2: attempt to index a number value (local 'x')")
        #expect(traceback.contains("util.lua:2: in main chunk"))
        #expect(traceback.contains("lib/deep.lua:1: in main chunk"))
        #expect(traceback.contains("[C]: in function 'require'"))
        // the failed module is not cached as loading: a second require runs it again
        #expect(runtimeMessage(state, "return require('util')") == "util.lua:2: attempt to index a number value (local 'x')")
    }

    /// Files load as Lua's loadfile reads them: a UTF-8 byte-order mark and a first line
    /// starting with '#' ("#!/usr/bin/env lua") are skipped, and line numbers stay right.
    @Test func filesMayStartWithAHashLineOrAByteOrderMark() throws {
        let state = try makeState(modules: [
            "script": "#!/usr/bin/env lua\nlocal x = 1\nerror('line 3')",
            "marked": "\u{FEFF}return 'marked'",
        ])
        #expect(runtimeMessage(state, "require('script')") == "script.lua:3: line 3")
        #expect(try run(state, "return require('marked')") == ["marked", "marked.lua"])
        let main = try state.load("#!/usr/bin/env lua\nreturn 7", chunkName: "@mod.lua")
        #expect(try state.call(main, []) == [7])
        // a string chunk keeps Lua's rule: no such skipping
        #expect(try run(state, "return (load('#x\\nreturn 1'))") == [nil])
        #expect(runtimeMessage(state, "require('debug')").contains("module 'debug' not found: the sandbox has no debug library"))
    }
}
