import HanJulCore
@testable import HanJulMods
import Testing

/// One hostile fixture mod per sandbox defence (RELIABILITY §1): each fails with a clear
/// reason naming the mod and hook, and the host plays on (a benign mod still works after).
@Suite struct SandboxTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        /// Lua statements run inside on_spawn (the game object is `game`).
        var body: String
        /// A fragment of the expected reason, or nil when the code must run and change nothing.
        var reason: String?
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "io is absent", body: "io.open('/etc/passwd')", reason: "global 'io'"),
        Case(name: "os is absent", body: "os.execute('touch /tmp/pwned')", reason: "global 'os'"),
        Case(name: "package is absent (CVE-2022-0543)", body: "package.loadlib('liblua5.4.so.0', 'luaopen_io')", reason: "global 'package'"),
        Case(name: "debug is absent", body: "debug.sethook()", reason: "global 'debug'"),
        Case(name: "dofile is absent", body: "dofile('/etc/passwd')", reason: "global 'dofile'"),
        Case(name: "loadfile is absent", body: "loadfile('/etc/passwd')", reason: "global 'loadfile'"),
        Case(name: "require is confined", body: "require('os')", reason: "not found"),
        Case(name: "load has no way out", body: "local f = load('return os'); if f() ~= nil then error('escaped') end", reason: nil),
        Case(name: "binary chunks are refused", body: "assert(load('\\27Lua\\84\\0'))", reason: "binary"),
        Case(name: "string.dump is absent", body: "local d = string.dump or ('').dump; d(print)", reason: "nil value"),
        Case(name: "string metatable is protected", body: "getmetatable('').__index = {}", reason: nil),
        Case(name: "__gc is refused", body: "setmetatable({}, { __gc = function() while true do end end })", reason: "__gc"),
        Case(name: "endless loop", body: "while true do end", reason: "budget"),
        Case(name: "pcall cannot swallow the budget", body: "while true do pcall(function() while true do end end) end", reason: "budget"),
        Case(name: "xpcall handler cannot escape", body: "while true do xpcall(function() error('x') end, function() while true do end end) end", reason: "budget"),
        Case(name: "coroutines are budgeted", body: "local co = coroutine.wrap(function() while true do end end); co()", reason: "budget"),
        Case(name: "string.rep bomb", body: "local s = string.rep('x', 1 << 40)", reason: nil),
        Case(name: "pattern bomb", body: "string.find(string.rep('a', 5000), string.rep('.-', 40) .. 'b')", reason: nil),
        Case(name: "memory growth", body: "local t = {}; for i = 1, 1e9 do t[i] = ('x'):rep(64) .. i end", reason: nil),
        Case(name: "deep recursion", body: "local function f() return 1 + f() end; f()", reason: "stack overflow|out of memory"),
        Case(name: "hostile error object", body: "error(setmetatable({}, { __tostring = function() error('boom') end }))", reason: "table"),
        Case(name: "yield outside a coroutine", body: "coroutine.yield()", reason: "yield"),
        Case(name: "print goes to the log", body: "print(string.rep('spam', 100)); warn('@on'); warn('x')", reason: nil),
        Case(name: "no addresses in tostring", body: "if tostring({}):find('0x') then error('address leaked') end", reason: nil),
        Case(name: "game methods check their arguments", body: "game:set_cell(0/0, 1e300, {})", reason: "set_cell"),
        // Found by the hostile corpus: high - low overflowed and trapped (SIGILL).
        Case(name: "random over the whole integer range", body: "game:random(math.mininteger, math.maxinteger)", reason: "too wide"),
        Case(name: "huge scores saturate", body: "game:add_score(math.maxinteger); game:add_score(math.maxinteger)", reason: nil),
    ]

    @Test(arguments: cases)
    func hostileModIsContained(_ hostile: Case) throws {
        let fx = ModFixtures()
        fx.write("hostile", ModFixtures.source(id: "hostile", """
            on_spawn = function(game)
              if game:dealt() == 2 then
                \(hostile.body)
              end
            end,
            """))
        var game = Game(rules: try fx.rules("hostile"), source: .sequence([1, 2]))
        game.apply(.hardDrop)
        if let reason = hostile.reason {
            guard case .over(.ruleError(let error)) = game.state.phase else {
                Issue.record("\(hostile.name): expected an error mentioning '\(reason)', the game is \(game.state.phase)")
                return
            }
            #expect(error.mod == "hostile")
            #expect(error.hook == "on_spawn")
            let alternatives = reason.lowercased().split(separator: "|")
            #expect(alternatives.contains { error.description.lowercased().contains($0) }, "\(hostile.name): \(error)")
        } else if case .over(.ruleError(let error)) = game.state.phase {
            // Refused (memory, a capped C function): fine, as long as it is a clean error.
            #expect(error.mod == "hostile", "\(error)")
        }
        // The host lives on: a benign mod loads and plays in the same process.
        var benign = Game(rules: try repositoryRules("standard"), source: .seeded(1))
        benign.apply([.hardDrop, .hardDrop])
        #expect(benign.state.piecesLocked == 2)
        #expect(!benign.state.isOver)
    }

    @Test func printedLinesReachTheLogNotTheTerminal() throws {
        let fx = ModFixtures()
        fx.write("chatty", ModFixtures.source(id: "chatty", "on_spawn = function() print('hello', 1, {}) end,"))
        let rules = try fx.rules("chatty")
        _ = Game(rules: rules, source: .seeded(1))
        #expect(rules.mods[0].log.first?.hasPrefix(#"hello\t1\ttable"#) == true, "\(rules.mods[0].log)")
    }

    @Test func modStatesAreIsolated() throws {
        let fx = ModFixtures()
        fx.write("vandal", ModFixtures.source(id: "vandal", "", prelude: "string.upper = nil; pcall(function() getmetatable('').__index = nil end); shared = 1"))
        fx.write("victim", ModFixtures.source(id: "victim", """
            on_spawn = function(game) if ("a"):upper() ~= "A" or shared ~= nil then error("leak") end end,
            """))
        let game = Game(rules: try fx.rules("vandal", "victim"), source: .seeded(1))
        #expect(!game.state.isOver, "\(game.state.phase)")
    }

    @Test func mainChunkRunsUnderTheBudget() throws {
        let fx = ModFixtures()
        fx.write("spin", "while true do end")
        #expect(throws: ModLoadError.self) { try fx.rules("spin") }
        do { _ = try fx.rules("spin") } catch {
            #expect("\(error)".contains("budget"), "\(error)")
        }
    }
}
