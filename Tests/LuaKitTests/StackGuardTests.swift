@testable import LuaKit
import Testing

/// The stack guard's two checks (RELIABILITY L-33): room before a body runs, balance after.
@Suite struct StackGuardTests {
    @Test func aCallThatNeedsMoreSlotsThanLuaHasIsAStackError() throws {
        let state = try makeState()
        let function = try state.load("return 1", chunkName: "=test")
        let top = state.stackTop
        // Lua's stack stops at a million slots: results beyond it cannot be reserved.
        #expect(throws: LuaError.stackExhausted) {
            try state.call(function, resultCount: 2_000_000, push: { _ in }, read: { _ in })
        }
        #expect(state.stackTop == top)
        #expect(LuaError.stackExhausted.description == "Lua stack exhausted")
        expectAlive(state)
    }

    @Test func aBodyThatLeavesValuesAboveItsTopIsBalanced() throws {
        let state = try makeState()
        let top = state.stackTop
        let seen = try LuaStackGuard.withStack(state.L, reserving: 3, stoppingWhenUnbalanced: false) { top throws(LuaError) in
            state.push(state.L, .integer(1))
            state.push(state.L, .integer(2))
            return top
        }
        #expect(Int(seen) == top)
        #expect(state.stackTop == top)
    }

    /// What a release build does: the call fails with a stack error, the top is put back
    /// and the state stays usable.
    @Test func aBodyThatPopsBelowItsTopFailsItsCallInRelease() throws {
        let state = try makeState()
        let L = state.L
        let base = state.stackTop
        try LuaStackGuard.withStack(L, reserving: 4, stoppingWhenUnbalanced: false) { outer throws(LuaError) in
            state.push(L, .integer(1))
            state.push(L, .integer(2))
            #expect(throws: LuaError.stackUnbalanced(expectedTop: Int(outer) + 2, foundTop: Int(outer) + 1)) {
                try LuaStackGuard.withStack(L, reserving: 2, stoppingWhenUnbalanced: false) { top throws(LuaError) in
                    LuaStackGuard.reset(L, to: top - 1)   // takes the caller's value
                }
            }
            #expect(state.stackTop == Int(outer) + 2)
        }
        #expect(state.stackTop == base)
        // A body's own error gives way to the imbalance: the host's bug is what gets reported.
        #expect(throws: LuaError.stackUnbalanced(expectedTop: base + 1, foundTop: base)) {
            state.push(L, .integer(1))
            defer { LuaStackGuard.reset(L, to: Int32(base)) }
            try LuaStackGuard.withStack(L, reserving: 2, stoppingWhenUnbalanced: false) { top throws(LuaError) in
                LuaStackGuard.reset(L, to: top - 1)
                throw LuaError.memory
            }
        }
        expectAlive(state)
    }

    /// What a debug build does: it stops at once, naming both tops.
    @Test func aBodyThatPopsBelowItsTopStopsADebugBuild() async {
        #expect(LuaStackGuard.stopsWhenUnbalanced == _isDebugAssertConfiguration())
        await #expect(processExitsWith: .failure) {
            let state = try makeState()
            let L = state.L
            state.push(L, .integer(1))
            _ = try LuaStackGuard.withStack(L, reserving: 2, stoppingWhenUnbalanced: true) { top throws(LuaError) in
                LuaStackGuard.reset(L, to: top - 1)
            }
        }
    }
}
