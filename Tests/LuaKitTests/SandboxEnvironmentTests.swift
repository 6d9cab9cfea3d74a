import Foundation
import LuaKit
import Testing

@Suite struct SandboxEnvironmentTests {
    @Test func dangerousGlobalsAreNil() throws {  // L-1
        let state = try makeState()
        let names = ["io", "os", "package", "debug", "dofile", "loadfile", "module",
                     "string.dump"]
        for name in names {
            let result = try run(state, "return \(name) == nil")
            #expect(result == [true], "\(name) is reachable")
        }
        #expect(runtimeMessage(state, "os.execute('true')").contains("attempt to index a nil value"))
        #expect(runtimeMessage(state, "dofile('/etc/passwd')").contains("attempt to call a nil value"))
        expectAlive(state)
    }

    @Test func cve20220543PayloadFindsNoPackage() throws {  // L-2
        let state = try makeState()
        let message = runtimeMessage(state, #"return package.loadlib("/usr/lib/x86_64-linux-gnu/liblua5.4.so.0","luaopen_io")"#)
        #expect(message.contains("attempt to index a nil value (global 'package')"))
        expectAlive(state)
    }

    @Test func everyReachableCFunctionIsAllowListed() throws {  // L-2
        let state = try makeState()
        state.register("hostHello") { _ in 0 }
        let allowed: Set<String> = [
            "assert", "collectgarbage", "error", "getmetatable", "ipairs", "load", "next", "pairs",
            "pcall", "print", "rawequal", "rawget", "rawlen", "rawset", "require", "select",
            "setmetatable", "tonumber", "tostring", "type", "warn", "xpcall", "hostHello",
            "coroutine.close", "coroutine.create", "coroutine.isyieldable", "coroutine.resume", "coroutine.running",
            "coroutine.status", "coroutine.wrap", "coroutine.yield",
            "math.abs", "math.ceil", "math.cos", "math.deg", "math.exp", "math.floor", "math.fmod",
            "math.log", "math.max", "math.min", "math.modf", "math.rad", "math.random",
            "math.randomseed", "math.sin", "math.sqrt", "math.tan", "math.tointeger", "math.type",
            "math.ult", "math.asin", "math.acos", "math.atan",
            "string.byte", "string.char", "string.find", "string.format", "string.gmatch",
            "string.gsub", "string.len", "string.lower", "string.match", "string.pack",
            "string.packsize", "string.rep", "string.reverse", "string.sub", "string.unpack",
            "string.upper",
            "table.concat", "table.insert", "table.move", "table.pack", "table.remove",
            "table.sort", "table.unpack",
            "utf8.char", "utf8.codepoint", "utf8.codes", "utf8.len", "utf8.offset",
            // Debian builds with LUA_COMPAT_MATHLIB
            "math.atan2", "math.cosh", "math.sinh", "math.tanh", "math.frexp", "math.ldexp",
            "math.log10", "math.pow",
            // string arithmetic coercion ("10" + 1)
            "<string metatable>.__add", "<string metatable>.__sub", "<string metatable>.__mul",
            "<string metatable>.__div", "<string metatable>.__mod", "<string metatable>.__pow",
            "<string metatable>.__unm", "<string metatable>.__idiv",
        ]
        let found = state.reachableCFunctions()
        #expect(found.count > 60)
        let unexpected = found.filter { path in
            let name: String
            if path.hasPrefix("_G.") {
                name = String(path.dropFirst(3))
            } else if path.hasPrefix("<string metatable>.__index.") {
                name = "string." + path.dropFirst("<string metatable>.__index.".count)
            } else {
                name = path
            }
            return !allowed.contains(name)
        }
        #expect(unexpected == [])
        #expect(!found.contains { $0.contains("dump") || $0.contains("loadlib") || $0.contains("dofile") })
    }

    @Test func loadWithoutEnvUsesTheSandbox() throws {  // L-3
        let state = try makeState()
        #expect(try run(state, "return load('return os')()") == [nil])
        #expect(try run(state, "secret = 5; return load('return secret')()") == [5])
        #expect(try run(state, "return load('return x', 'c', 'bt', {x = 9})()") == [9])
    }

    @Test func binaryChunksAreRefused() throws {  // L-4
        let state = try makeState()
        // a string starting with ESC
        let fromString = try run(state, #"return load("\27Lua\84\0\25\147\r\n\26\n")"#)
        #expect(fromString.count == 2 && fromString[0] == nil)
        #expect(fromString[1].stringValue == "binary chunk not allowed")
        // a reader function whose first piece is ESC
        let fromReader = try run(state, #"""
            local parts = {"\27Lua", "\84\0"}
            local i = 0
            return load(function() i = i + 1; return parts[i] end)
            """#)
        #expect(fromReader[0] == nil)
        #expect(fromReader[1].stringValue?.contains("binary chunk") == true)
        // a mod file starting with \27Lua, loaded by the host
        #expect(throws: LuaError.syntax("binary chunk not allowed")) {
            try state.load(bytes: [27] + Array("Lua\u{54}\0garbage".utf8), chunkName: "@x.lua")
        }
        expectAlive(state)
    }

    @Test func stringDumpIsUnreachableBothWays() throws {  // L-5, L-8
        let state = try makeState()
        #expect(try run(state, "return string.dump, (''). dump, ('x').dump") == [nil, nil, nil])
        #expect(runtimeMessage(state, "return ('').dump(print)").contains("attempt to call a nil value"))
    }

    /// A collection and the counters work as in Lua; what would let memory grow past the
    /// cap (stopping the collector) or change its pacing is accepted and changes nothing (L-6).
    @Test func collectgarbageCollectsAndCountsButCannotBeTuned() throws {
        let state = try makeState()
        #expect((try run(state, "return collectgarbage('count')").first?.numberValue ?? 0) > 0)
        #expect(try run(state, "local t = setmetatable({}, {__mode = 'k'}); t[{}] = 1; collectgarbage(); return next(t)") == [nil])
        #expect(try run(state, "return collectgarbage(), collectgarbage('collect'), type(collectgarbage('step')), collectgarbage('isrunning')") == [0, 0, "boolean", true])
        #expect(try run(state, "return collectgarbage('stop'), collectgarbage('isrunning'), collectgarbage('restart'), collectgarbage('isrunning')") == [0, false, 0, true])
        #expect(try run(state, "return collectgarbage('generational'), collectgarbage('incremental', 1, 1000), collectgarbage('setpause', 1), collectgarbage('setstepmul', 1e6)") == ["incremental", "incremental", 200, 100])
        // a "stopped" collector still collects: 64 MiB of garbage under a 16 MiB cap
        let roomy = try makeState(limits: LuaLimits(memoryBytes: 16 << 20, instructionsPerCall: 50_000_000))
        #expect(try run(roomy, "collectgarbage('stop'); for i = 1, 64 do local s = ('x'):rep(1 << 20) .. i end; collectgarbage('restart'); return collectgarbage('count') < 16 * 1024") == [true])
        #expect(runtimeMessage(state, "collectgarbage('nooption')").contains("bad argument #1 to 'collectgarbage' (invalid option 'nooption')"))
        expectAlive(state)
    }

    /// The string metatable's __index is the mod's own `string` table, as in Lua, so a
    /// function added to it works as a method (#12 item 9); the metatable itself stays
    /// protected, and each state has its own (L-7, L-8).
    @Test func stringMetatableIsProtectedAndPrivate() throws {
        let a = try makeState()
        let b = try makeState()
        #expect(try run(a, "return getmetatable('')") == ["locked"])
        #expect(runtimeMessage(a, "getmetatable('').__index = {}").contains("attempt to index"))
        _ = try run(a, "function string.trim(s) return (s:gsub('^%s+', ''):gsub('%s+$', '')) end; string.upper = function() return 'evil' end")
        #expect(try run(a, "return ('  x  '):trim(), ('x'):upper()") == ["x", "evil"])
        #expect(try run(b, "return string.upper('x'), ('ab'):rep(2), string.trim") == ["X", "abab", nil])
        #expect(runtimeMessage(b, "return ('x'):trim()").contains("attempt to call a nil value (method 'trim')"))
    }

    @Test func proxyObjectsAreReadOnly() throws {  // L-9
        let state = try makeState()
        let game = state.makeObject(name: "game", methods: [
            "width": { args in args.push(10); return 1 },
        ], fields: ["version": 3])
        state.setGlobal("game", .table(game))
        #expect(try run(state, "return game:width(), game.version") == [10, 3])
        #expect(try run(state, "return getmetatable(game)") == ["locked"])
        #expect(runtimeMessage(state, "game.width = 1").contains("read-only field 'width'"))
        #expect(runtimeMessage(state, "setmetatable(game, {})").contains("protected metatable"))
        // rawset writes only into the empty proxy: the methods table is untouched
        _ = try run(state, "rawset(game, 'width', 'shadow')")
        let other = state.makeObject(name: "other", methods: [:])
        _ = other
        #expect(try run(state, "return rawget(game, 'width'), game.version") == ["shadow", 3])
    }

    @Test func gcMetamethodsAreRefused() throws {  // L-10
        let state = try makeState()
        #expect(runtimeMessage(state, "setmetatable({}, {__gc = function() while true do end end})")
            .contains("__gc metamethods are not allowed"))
        #expect(runtimeMessage(state, "setmetatable({}, {__gc = false})").contains("__gc"))
        // adding __gc after setmetatable does not register a finaliser (manual §2.5.3)
        _ = try run(state, "local mt = {}; local t = setmetatable({}, mt); mt.__gc = function() while true do end end")
        expectAlive(state)
    }

    @Test func printAndWarnGoToTheLog() throws {  // L-11
        let log = LogBox()
        let state = try makeState(log: log)
        _ = try run(state, "print('hello', 1, nil, true); warn('@on'); warn('x', 'y'); print()")
        #expect(log.lines == [
            LuaLogMessage(kind: .print, text: LuaString("hello\t1\tnil\ttrue")),
            LuaLogMessage(kind: .warning, text: LuaString("xy")),
            LuaLogMessage(kind: .print, text: LuaString("")),
        ])
        _ = try run(state, "print(('z'):rep(20000))")
        #expect(log.lines.last?.text.bytes.count == 8192)
    }

    /// Tables, functions and coroutines print as in Lua ("table: 0x…"), but the number is
    /// the object's identity (its creation number), never a heap address: the same in every
    /// process (L-12).
    @Test func noAddressesInText() throws {
        let log = LogBox()
        let texts = try (0..<2).map { _ in
            try run(makeState(log: log), """
                local t = {}
                return tostring(t), tostring(print), tostring(coroutine.create(print)),
                       string.format('%s|%s', t, print), string.format('%p|%-12p|%p', t, print, 1),
                       tostring(setmetatable({}, {__name = 'Thing'})),
                       tostring(setmetatable({}, {__tostring = function() return 'custom' end})),
                       tostring(t) == tostring(t), tostring({}) ~= tostring({})
                """)
        }
        #expect(texts[0] == texts[1])
        let first = texts[0].map { $0.stringValue ?? "" }
        for (index, kind) in [(0, "table"), (1, "function"), (2, "thread")] {
            #expect(first[index].range(of: "^\(kind): 0x[0-9a-f]{8}$", options: .regularExpression) != nil, "\(first[index])")
        }
        #expect(first[3] == first[0] + "|" + first[1])
        #expect(first[4] == first[0].dropFirst("table: ".count) + "|" + first[1].dropFirst("function: ".count) + "  |(null)")
        #expect(first[5].hasPrefix("Thing: 0x") && first[6] == "custom")
        #expect(texts[0][7...8] == [true, true])
        _ = try run(makeState(log: log), "print({}, print, 0/0)")
        #expect(log.lines.last?.text.string.range(of: "^table: 0x[0-9a-f]{8}\tfunction: 0x[0-9a-f]{8}\tnan$", options: .regularExpression) != nil)
        #expect(runtimeMessage(try makeState(), "return string.format('%.3p', {})").contains("invalid conversion specification: '%.3p'"))
    }

    @Test func requireIsConfinedAndCached() throws {
        let state = try makeState(modules: [
            "util": "count = (count or 0) + 1; return { double = function(x) return 2 * x end }",
            "loop.a": "return require('loop.a')",
            "bad": "return (",
        ])
        #expect(try run(state, "return require('util').double(21), require('util') == require('util'), count") == [42, true, 1])
        #expect(runtimeMessage(state, "require('../etc/passwd')").contains("invalid module name"))
        #expect(runtimeMessage(state, "require('missing')").contains("module 'missing' not found"))
        #expect(runtimeMessage(state, "require('loop.a')").contains("cycle"))
        #expect(runtimeMessage(state, "require('bad')").contains("error loading module 'bad' from file 'bad.lua': bad.lua:1: unexpected symbol near <eof>"))
        expectAlive(state)
    }
}
