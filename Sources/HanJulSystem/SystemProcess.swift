#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// The process itself: its id, its environment, its exit and its standard I/O buffers.
public enum SystemProcess {
    /// The process id (`getpid(2)`).
    public static var id: Int32 { getpid() }

    /// The parent's process id (`getppid(2)`); 1 once the parent is gone (reparented to init).
    public static var parentID: Int32 { getppid() }

    /// SIGALRM (whose default action ends the process) in `seconds` (`alarm(2)`).
    public static func scheduleAlarm(seconds: UInt32) { _ = alarm(seconds) }

    /// Limits the size of files this process writes to `bytes` (`RLIMIT_FSIZE`), with
    /// `SIGXFSZ` ignored so a write past it fails with `EFBIG`; false when refused.
    public static func limitFileSize(to bytes: UInt) -> Bool {
        signal(SIGXFSZ, SIG_IGN)
        var limits = rlimit(rlim_cur: rlim_t(bytes), rlim_max: rlim_t(bytes))
        return setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limits) == 0
    }

    /// The name of a terminating signal (`SIGTERM`, `SIGHUP`, `SIGINT`, `SIGQUIT`); "signal N"
    /// for the rest.
    public static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        case SIGINT: "SIGINT"
        case SIGQUIT: "SIGQUIT"
        default: "signal \(signal)"
        }
    }

    /// Whether a process `id` exists (`kill(id, 0)`; one of another user's answers `EPERM`).
    public static func exists(_ id: Int32) -> Bool { kill(id, 0) == 0 || errno == EPERM }

    /// The machine's online CPUs (`sysconf(_SC_NPROCESSORS_ONLN)`), at least 1.
    public static var onlineProcessors: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// The environment variable `name` (`getenv(3)`), or nil when it is not set.
    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The process's environment as it is (`environ`): each entry's bytes (`NAME=value`,
    /// which may not be UTF-8), in order. Which of two entries of one name wins is the
    /// reader's rule.
    public static var environmentEntries: [[UInt8]] {
        var entries: [[UInt8]] = []
        let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard var entry = start else { return entries }
        while let pointer = entry.pointee {
            entries.append(Array(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))))
            entry += 1
        }
        return entries
    }

    /// The user's home folder as the password database has it (`getpwuid(getuid())`), for
    /// when `HOME` is not set; the bytes, which may not be UTF-8.
    public static func homeFromPasswordDatabase() -> [UInt8]? {
        guard let entry = getpwuid(getuid()), let folder = entry.pointee.pw_dir else { return nil }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(folder).assumingMemoryBound(to: UInt8.self), count: strlen(folder)))
    }

    /// Ends the process with `status` (`exit(3)`): atexit handlers run, stdio is flushed.
    public static func exit(_ status: Int32) -> Never { systemExit(status) }

    /// Ends the process with SIGABRT (`abort(3)`).
    public static func abort() -> Never { systemAbort() }

    /// Ends the process at once with `status` (`_exit(2)`): no atexit handlers, no stdio
    /// flush. For a watchdog thread, whose caller may be stuck holding a lock.
    public static func exitImmediately(_ status: Int32) -> Never { _exit(status) }

    /// A write to a pipe nobody reads fails with `EPIPE` instead of killing the process
    /// (`SIGPIPE` ignored).
    public static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

    /// Writes out every stdio buffer (`fflush(NULL)`), so bytes written past stdio follow
    /// what `print` wrote before them.
    public static func flushStandardOutput() { fflush(nil) }
}

/// Files by path.
public enum FileSystem {
    /// Whether anything (a file, folder, link to something) is at `path` (`access(2)`, F_OK).
    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// The absolute path of `path` with every symbolic link resolved (`realpath(3)`), as
    /// bytes; nil when it cannot be resolved.
    public static func resolved(_ path: String) -> [UInt8]? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
    }

    /// The working directory's path as bytes (`getcwd(3)`); nil when it cannot be told.
    public static var workingDirectory: [UInt8]? {
        guard let cwd = getcwd(nil, 0) else { return nil }
        defer { free(cwd) }
        return Array(UnsafeRawBufferPointer(start: cwd, count: strlen(cwd)))
    }

    /// Removes the file at `path` (`unlink(2)`).
    public static func remove(_ path: String) throws(Errno) {
        _ = try retryingInterrupts { unlink(path) }
    }
}
