#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A thread of the system's own (pthreads) running a closure: the simulation's workers, a
/// Lua state's thread with a known stack, the Lua watchdog. Not Foundation's `Thread`: the
/// shipped binary links no Foundation, so it needs neither ICU nor the toolchain's libraries.
public struct SystemThread: @unchecked Sendable {
    private let thread: pthread_t

    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Starts `body` on a new thread: `stackSize` bytes of stack (nil: the system's),
    /// `detached` when nobody will `join()` it. The error `pthread_create` gave when no
    /// thread could be started (`body` is then released, not run).
    public static func start(stackSize: Int? = nil, detached: Bool = false, _ body: @escaping () -> Void) -> Result<SystemThread, Errno> {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
        if detached { pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        let status = pthread_create(&thread, &attributes, { raw in
            Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return .failure(Errno(rawValue: status))
        }
        return .success(SystemThread(thread: thread))
    }

    /// Waits for the thread to end (never for a detached one).
    public func join() { pthread_join(thread, nil) }

    /// Sleeps the calling thread `microseconds` (`usleep(3)`).
    public static func sleep(microseconds: UInt32) { usleep(microseconds) }
}

/// A mutex (pthreads), for state that threads share.
public final class SystemMutex: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }
}
