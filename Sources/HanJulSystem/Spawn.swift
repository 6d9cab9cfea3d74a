#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Starting programs (`posix_spawn(3)`) and waiting for them (`waitpid(2)`), typed.
public enum Spawn {
    /// What the child's descriptors are made before it runs.
    public enum Action: Sendable {
        /// `descriptor` opened on `path` (`posix_spawn_file_actions_addopen`).
        case open(descriptor: Int32, path: String, options: FileDescriptor.OpenOptions, permissions: UInt32)
        /// `descriptor` made a copy of `source` (`posix_spawn_file_actions_adddup2`; the
        /// copy does not close on exec).
        case duplicate(source: Int32, as: Int32)
    }

    /// Starts `path` with `arguments` (argv[0] is `path`) and this process's environment,
    /// after `actions`; the child's process id.
    ///
    /// With `newProcessGroup`, the child leads a process group of its own (its id is the
    /// group's), so a signal to the group reaches what it starts too.
    ///
    /// - Throws: what `posix_spawn` answered (it returns the error, `errno` is not set).
    public static func start(_ path: String, _ arguments: [String], actions: [Action] = [],
                             newProcessGroup: Bool = false) throws(Errno) -> Int32 {
        var fileActions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        for action in actions {
            switch action {
            case .open(let descriptor, let file, let options, let permissions):
                posix_spawn_file_actions_addopen(&fileActions, descriptor, file, options.rawValue, mode_t(permissions))
            case .duplicate(let source, let target):
                posix_spawn_file_actions_adddup2(&fileActions, source, target)
            }
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if newProcessGroup {
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
            posix_spawnattr_setpgroup(&attributes, 0)
        }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &fileActions, &attributes, argv, environ)
        guard spawned == 0 else { throw Errno(rawValue: spawned) }
        return Int32(pid)
    }

    /// Waits for the child `id` to end (`waitpid(2)`, `EINTR` retried); its status as a
    /// shell says it: the exit code, or 128 + the signal that ended it. 0 when it cannot
    /// be waited for.
    public static func waitForExit(_ id: Int32) -> Int32 {
        var status: Int32 = 0
        _ = try? retryingInterrupts { waitpid(pid_t(id), &status, 0) }
        return exitCode(status)
    }

    /// `WIFEXITED`/`WEXITSTATUS`/`WTERMSIG`, which Swift does not import as functions.
    static func exitCode(_ status: Int32) -> Int32 {
        status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}

extension FileSystem {
    /// A new private folder from `template` ending in `XXXXXX` (`mkdtemp(3)`); its path.
    public static func makeTemporaryDirectory(_ template: String) throws(Errno) -> String {
        var bytes = Array(template.utf8CString)
        guard let made = bytes.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { throw Errno.current }
        return String(cString: made)
    }
}

extension FileDescriptor {
    /// A pipe whose ends close on exec (`pipe2(2)` with `O_CLOEXEC`, atomically, so a child
    /// spawned meanwhile by another thread never inherits them).
    public static func pipe(closeOnExec: Bool) throws(Errno) -> (read: FileDescriptor, write: FileDescriptor) {
        guard closeOnExec else { return try pipe() }
        var ends: [Int32] = [0, 0]
        #if os(Linux)
        _ = try retryingInterrupts { systemPipe2(&ends, O_CLOEXEC) }
        #else
        _ = try retryingInterrupts { systemPipe(&ends) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        #endif
        return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
    }
}

#if os(Linux)
/// `pipe2(2)`: Glibc declares it only under `_GNU_SOURCE`, which Swift's import does not
/// set, so it is bound by its symbol here.
@_silgen_name("pipe2")
private func systemPipe2(_ ends: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
#endif
