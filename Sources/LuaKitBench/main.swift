// Prints the per-call overhead of LuaKit's fast call path.
// Run with: swift run -c release LuaKitBench
import Foundation
import LuaKit

func measure(_ label: String, iterations: Int, _ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<iterations { try body() }
    let ns = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations)
    print(label.padding(toLength: 52, withPad: " ", startingAt: 0) + String(format: "%8.1f ns/call", ns))
    return ns
}

do {
    print(LuaState.luaRelease)
    let state = try LuaState()
    let hook = try state.run("return function(n) return n + 1 end")[0].functionValue!
    let n = 2_000_000
    var sink = 0
    for i in 0..<100_000 { sink &+= try state.call(hook, i).integerValue ?? 0 }  // warm up
    let fast = try measure("call(ref, Int) -> LuaValue (n + 1)", iterations: n) {
        sink &+= try state.call(hook, 41).integerValue ?? 0
    }
    _ = try measure("call(ref, resultCount:push:read:) (n + 1)", iterations: n) {
        sink &+= try state.call(hook, resultCount: 1, push: { $0.push(41) }, read: { try $0.integer(1) })
    }
    _ = try measure("call(ref, [LuaValue]) -> [LuaValue] (n + 1)", iterations: n / 4) {
        sink &+= try state.call(hook, [.integer(41)])[0].integerValue ?? 0
    }
    let host = state.makeFunction(name: "inc") { args in args.push(try args.integer(1) + 1); return 1 }
    state.setGlobal("inc", .function(host))
    let viaHost = try state.run("return function(n) return inc(n) end")[0].functionValue!
    _ = try measure("call(ref, Int) -> Lua -> host function -> back", iterations: n) {
        sink &+= try state.call(viaHost, 41).integerValue ?? 0
    }
    let empty = try state.run("return function(n) end")[0].functionValue!
    _ = try measure("call(ref, Int) to an empty function", iterations: n) {
        _ = try state.call(empty, 41)
    }
    print("per-call overhead target ≤ 150 ns: \(fast <= 150 ? "met" : "NOT met") (sink \(sink % 10))")
} catch {
    print("benchmark failed: \(error)")
}
