import HanJulSystem

// Compiled only into debug and test builds (the HANJUL_TEST_SWITCHES define, set in
// Package.swift for the debug configuration): a release build has no way to crash on
// purpose, whatever its environment says.
#if HANJUL_TEST_SWITCHES

/// TEST ONLY: a deliberate crash inside the game loop, for the terminal fault matrix
/// (RELIABILITY T-11 in every game state). `hanjul play` reads it from the environment
/// variable `HANJUL_TEST_CRASH`, in debug and test builds only; without the variable nothing
/// here ever runs.
///
/// - `after-frame:N` (or `after-frame`, N = 1): trap right after the Nth frame is written;
/// - `on-key` (or `on-key:trap`): the `!` key arms it; trap right after the next frame is
///   drawn, in whatever state the game is (playing, paused, help, game over);
/// - `on-key:segv`, `on-key:abort`: the same, but the process dies by a bad pointer write
///   (SIGSEGV) or by `abort()` (SIGABRT) instead of a Swift trap.
public enum TestCrash: Equatable, Sendable {
    /// How the process dies.
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// A Swift runtime trap (`fatalError`): SIGILL on x86_64, SIGTRAP on arm64.
        case trap
        /// A write through a bad pointer: SIGSEGV.
        case segv
        /// `abort()`: SIGABRT.
        case abort
    }

    case afterFrame(Int)
    case onKey(Kind)

    /// Parses the variable's value; nil (no crash) for anything else.
    public init?(environmentValue value: String?) {
        guard let value else { return nil }
        if value == "on-key" {
            self = .onKey(.trap)
        } else if value.hasPrefix("on-key:"), let kind = Kind(rawValue: String(value.dropFirst("on-key:".count))) {
            self = .onKey(kind)
        } else if value == "after-frame" {
            self = .afterFrame(1)
        } else if value.hasPrefix("after-frame:"), let count = Int(value.dropFirst("after-frame:".count)), count > 0 {
            self = .afterFrame(count)
        } else {
            return nil
        }
    }

    /// Whether the `!` key arms the crash.
    var isOnKey: Bool {
        if case .onKey = self { true } else { false }
    }

    /// Crashes the way `kind` says. Each way is its own out-of-line function, so the
    /// backtracer's report names it.
    static func crash(_ kind: Kind, frames: Int) -> Never {
        switch kind {
        case .trap: trap(frames: frames)
        case .segv: segv(frames: frames)
        case .abort: abort(frames: frames)
        }
    }

    /// The trap itself: a Swift runtime trap (SIGILL on x86_64), like a failed
    /// precondition or an index out of range would be.
    @inline(never)
    static func trap(frames: Int) -> Never {
        fatalError("HANJUL_TEST_CRASH: a test-only trap in the game loop after \(frames) frames")
    }

    /// A write through a pointer into the unmapped first page: SIGSEGV, like a use of
    /// freed or foreign memory in C code (the Lua library, the shims) would be.
    @inline(never)
    static func segv(frames: Int) -> Never {
        let address = 8 + Int(SystemProcess.id % 1)  // 8, but not a constant the compiler sees
        let pointer = UnsafeMutablePointer<Int>(bitPattern: address)!
        pointer.pointee = frames
        fatalError("HANJUL_TEST_CRASH: the write to address 8 did not fault")
    }

    /// `abort()`: SIGABRT, like a C assertion or a failed allocation in C code would be.
    @inline(never)
    static func abort(frames: Int) -> Never {
        systemAbort()
    }
}

/// The C library's `abort()` (the name is taken inside ``TestCrash``).
private func systemAbort() -> Never {
    SystemProcess.abort()
}

#endif
