import HanJulSystem

/// Runs Lua work on a thread whose stack size is known (L-36).
///
/// Lua limits C recursion with a count (LUAI_MAXCCALLS = 200), not by measuring the stack, so
/// deep `__index`/`__concat`/`gsub`/parser recursion needs a real stack of ≥ 512 KiB to end
/// in a clean "C stack overflow" error instead of a segfault. Threads you do not control
/// (the Swift concurrency pool, test runners) may have less. **Callers must run every
/// ``LuaState`` call on such a thread** — the process's main thread (8 MiB on Linux) or
/// ``run(stackSize:_:)``.
public enum LuaThread {
    /// 16 MiB.
    public static let defaultStackSize = 16 << 20

    private class Job {
        func run() {}
    }

    private final class TypedJob<T, E: Error>: Job {
        let body: () throws(E) -> T
        var result: Result<T, E>?
        init(_ body: @escaping () throws(E) -> T) { self.body = body }
        override func run() {
            do throws(E) { result = .success(try body()) } catch { result = .failure(error) }
        }
    }

    /// Runs `body` on a new thread with `stackSize` bytes of stack and waits for it.
    ///
    /// ```swift
    /// let score = try LuaThread.run { () throws(LuaError) -> Int in
    ///     let state = try LuaState()
    ///     return try state.run("return 6 * 7")[0].integerValue ?? 0
    /// }
    /// ```
    public static func run<T, E: Error>(stackSize: Int = defaultStackSize, _ body: () throws(E) -> T) throws(E) -> T {
        let result: Result<T, E> = withoutActuallyEscaping(body) { escapable in
            let job = TypedJob<T, E>(escapable)
            switch SystemThread.start(stackSize: stackSize, { job.run() }) {
            case .success(let thread): thread.join()
            case .failure: job.run()   // could not start a thread: run here rather than not at all
            }
            return job.result!
        }
        return try result.get()
    }
}
