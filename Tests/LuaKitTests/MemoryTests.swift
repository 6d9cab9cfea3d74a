import LuaKit
import Testing

@Suite struct MemoryTests {
    @Test(arguments: [
        "local t = {} for i = 1, 1e9 do t[i] = i end",
        "local s = 'x' for i = 1, 100 do s = s .. s end",
        "local t = {} while true do t = {t} end",
        "local t = {} for i = 1, 1e9 do t[#t + 1] = ('x'):rep(1e6) .. i end",
    ])
    func growthHitsTheCap(source: String) throws {  // L-25, L-27
        let state = try makeState(limits: LuaLimits(memoryBytes: 8 << 20, instructionsPerCall: 100_000_000))
        #expect(failure(state, source) == .memory)
        #expect(state.memoryUsed <= 8 << 20)
        expectAlive(state)
    }

    @Test func memoryErrorInsidePcallIsAStringForTheScript() throws {
        let state = try makeState(limits: LuaLimits(memoryBytes: 8 << 20))
        let result = try run(state, "local ok, e = pcall(function() local t = {} for i = 1, 1e9 do t[i] = i end end); return ok, e")
        #expect(result == [false, "not enough memory"])
    }

    @Test func catchingOutOfMemoryForeverIsStoppedByTheBudget() throws {  // L-26
        let state = try makeState(limits: LuaLimits(memoryBytes: 8 << 20, instructionsPerCall: 5_000_000))
        let error = failure(state, "local keep = {} while true do pcall(function() keep[#keep + 1] = ('x'):rep(1e6) .. #keep end) end")
        #expect(isBudget(error))
        expectAlive(state)
    }

    @Test func hostFunctionsWorkWithTheBudgetExhausted() throws {  // L-29
        let state = try makeState(limits: LuaLimits(memoryBytes: 4 << 20))
        state.register("bigString") { args in
            args.push(String(repeating: "h", count: 1 << 20))
            return 1
        }
        let result = try run(state, """
            local keep = {}
            local function fill() while true do keep[#keep + 1] = {} end end
            local function more() keep[#keep + 1] = {} end
            pcall(fill)                  -- fill memory to the cap
            local s = bigString()        -- the host allocates 1 MiB anyway
            local ok = pcall(more)       -- the mod's next allocation fails
            return #s, ok
            """)
        #expect(result == [.integer(1 << 20), false])
        expectAlive(state)
    }

    @Test func randomAllocationFaultsNeverHurtTheHost() throws {  // L-28
        let source = """
            local t = {}
            for i = 1, 200 do t[i] = {i, tostring(i) .. 'x', {nested = i}} end
            local s = table.concat({'a', 'b', 'c'}, ',')
            local ok = pcall(function() return ('q'):rep(1000) end)
            for k, v in pairs({a = 1, b = 2}) do s = s .. k end
            return #t, s
            """
        var outcomes: [String: Int] = [:]
        for seed in UInt64(1)...40 {
            let state = try makeState()
            let function = try state.load(source, chunkName: "=faults")
            state.setAllocationFaultSchedule(seed: seed, oneIn: 50)
            for _ in 0..<3 {
                switch callFailure({ _ = try state.call(function, []) }) {
                case nil: outcomes["ok", default: 0] += 1
                case .memory?: outcomes["memory", default: 0] += 1
                case .runtime?: outcomes["runtime", default: 0] += 1
                case let other?: Issue.record("unexpected \(other)")
                }
            }
            state.setAllocationFaultSchedule(seed: 0, oneIn: 0)
            #expect(state.allocationFaultsInjected >= 0)
            expectAlive(state)
        }
        #expect(outcomes["memory", default: 0] > 0)
    }
}
