@testable import LuaKit
import Testing

/// A state with a small budget so hostile loops end fast, and a log collector.
final class LogBox {
    var lines: [LuaLogMessage] = []
}

func makeState(
    limits: LuaLimits = LuaLimits(memoryBytes: 16 << 20, instructionsPerCall: 2_000_000),
    log: LogBox? = nil,
    random: @escaping () -> UInt64 = SplitMix64(seed: 7).makeGenerator(),
    modules: [String: String] = [:],
    watchdog: LuaWatchdog? = nil
) throws -> LuaState {
    try LuaState(
        limits: limits,
        label: "test",
        log: { log?.lines.append($0) },
        random: random,
        moduleSource: { name in
            if let source = modules[name] {
                return .success(LuaModule(bytes: Array(source.utf8), chunkName: "@" + name.split(separator: ".").joined(separator: "/") + ".lua"))
            }
            return .failure(LuaHostError("module '\(name)' not found"))
        },
        watchdog: watchdog)
}

/// Runs a chunk and returns its results, checking that the stack top is unchanged.
func run(_ state: LuaState, _ source: String, sourceLocation: SourceLocation = #_sourceLocation) throws(LuaError) -> [LuaValue] {
    let top = state.stackTop
    defer { #expect(state.stackTop == top, "stack top changed", sourceLocation: sourceLocation) }
    return try state.run(source)
}

/// The error a chunk fails with (or nil if it succeeded).
func failure(_ state: LuaState, _ source: String, sourceLocation: SourceLocation = #_sourceLocation) -> LuaError? {
    do {
        _ = try run(state, source, sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// The runtime message a chunk fails with, or a description of what happened instead.
func runtimeMessage(_ state: LuaState, _ source: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    switch failure(state, source, sourceLocation: sourceLocation) {
    case .runtime(let message, _)?: message
    case let other?: "unexpected: \(other)"
    case nil: "no error"
    }
}

/// The state still works: a trivial call succeeds.
func expectAlive(_ state: LuaState, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect((try? state.run("return 1 + 1"))?.first == .integer(2), "state is not usable", sourceLocation: sourceLocation)
}

func isBudget(_ error: LuaError?) -> Bool {
    if case .budgetExceeded? = error { return true }
    return false
}

/// The LuaError a body throws, or nil.
func callFailure(_ body: () throws -> Void) -> LuaError? {
    do {
        try body()
        return nil
    } catch let error as LuaError {
        return error
    } catch {
        return .conversion("unexpected error \(error)")
    }
}
