import HanJulSystem
import CTerminalShim

/// Screen modes a session turns on (and the restore routine turns off again).
public struct TerminalModes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// `ESC[?1049h`: draw on the alternate screen, leave the shell's screen untouched.
    public static let alternateScreen = TerminalModes(rawValue: HJ_TERM_MODE_ALTERNATE_SCREEN)
    /// `ESC[?25l`: hide the cursor.
    public static let hiddenCursor = TerminalModes(rawValue: HJ_TERM_MODE_HIDDEN_CURSOR)
    /// `ESC[?2004h`: bracketed paste.
    public static let bracketedPaste = TerminalModes(rawValue: HJ_TERM_MODE_BRACKETED_PASTE)
    /// `ESC[?1000h ESC[?1006h`: mouse reports.
    public static let mouse = TerminalModes(rawValue: HJ_TERM_MODE_MOUSE)
    /// `ESC[>flags u` / `ESC[<u`: the kitty keyboard protocol (key repeat and release).
    /// Turned on by `TerminalSession.requestKeyEvents(flags:)` once the terminal says it
    /// has it, never at start.
    public static let kittyKeyboard = TerminalModes(rawValue: HJ_TERM_MODE_KITTY_KEYBOARD)

    /// What a full-screen game wants.
    public static let fullScreen: TerminalModes = [.alternateScreen, .hiddenCursor]
}

/// Owns the terminal for the life of a full-screen interface: raw mode, the alternate
/// screen, the signal handlers, and restoring all of it on every way out.
///
/// ```swift
/// let session = try TerminalSession()          // throws before writing any byte
/// defer { session.close() }
/// loop: while true {
///     for event in session.waitForEvents(timeoutMilliseconds: untilNextTick) {
///         switch event {
///         case .keys(let events): …               // .control("z") → session.suspend()
///         case .resized(let size): redraw(size)
///         case .suspendRequested: pause(); session.suspend(); redraw()
///         case .resumed: pause(); redraw()
///         case .terminate(let signal): session.close(); session.exit(bySignal: signal)
///         case .inputClosed: break loop
///         }
///     }
/// }
/// ```
///
/// The restore itself lives in C (`hj_term_restore`) so the signal handlers can call it:
/// it runs on `close()`, on `deinit`, in the SIGINT/TERM/HUP/QUIT path, in the fatal
/// signal handlers before they chain to the Swift backtracer, and around `suspend()`.
/// Only one session may exist at a time. Use it from one thread.
public final class TerminalSession {
    /// The descriptor keys are read from and termios is set on (standard input).
    public let inputDescriptor: Int32
    /// The descriptor frames are written to (standard output).
    public let outputDescriptor: Int32
    /// The modes this session turned on (`.kittyKeyboard` joins them once the terminal
    /// answers `requestKeyEvents`).
    public private(set) var modes: TerminalModes
    /// What the environment says about colours (`ColorCapability.detect`).
    public let colorCapability: ColorCapability
    /// The size as of the last query (start, SIGWINCH, resume).
    public private(set) var size: TerminalSize
    /// How long input must stay quiet after a lone Esc before it counts as the Esc key.
    public var escapeTimeoutMilliseconds: Int = 25
    /// Whether `close()` has run.
    public private(set) var isClosed = false
    /// Whether output failed with EIO/EPIPE; later writes are skipped.
    public private(set) var isOutputClosed = false
    /// Whether input reached end of file or failed; it is no longer polled.
    public private(set) var isInputClosed = false

    private let writer: FileDescriptorWriter
    /// `TERM`, as given.
    private let term: String
    private var decoder = KeyDecoder()
    private var pendingSince: UInt64?
    /// The kitty flags asked for by `requestKeyEvents`, until the terminal answers.
    private var keyEventsQuery: Int?
    /// Until when an answer to the query is waited for: meanwhile a pause inside an escape
    /// sequence is taken for a slow answer, not for Esc pressed (T-21).
    private var queryAnswerDeadline: UInt64 = 0

    /// How long a lone Esc is held back now.
    private func escapeWaitMilliseconds(at now: UInt64) -> Int {
        keyEventsQuery != nil && now < queryAnswerDeadline ? max(escapeTimeoutMilliseconds, 300) : escapeTimeoutMilliseconds
    }

    /// The kitty keyboard flags `requestKeyEvents()` asks for: disambiguate (1), report
    /// event types (2), report alternate keys (4, so Shift-/ arrives as `?`) and report all
    /// keys as escape codes (8, so letter and Space keys report their release too).
    public static let gameKeyboardFlags = 0b1111

    /// Checks, then takes over the terminal. Nothing is written and nothing is changed
    /// unless every check passes (T-8, T-9, T-10): standard input and output must be
    /// terminals, and `TERM` must be set and not `dumb`. An unknown `TERM` is accepted;
    /// the session uses only VT100/xterm sequences every emulator in use understands.
    ///
    /// - Parameters:
    ///   - environment: where `TERM`, `COLORTERM` and `NO_COLOR` are read from.
    ///   - modes: the screen modes to turn on.
    public init(
        environment: [String: String] = TerminalEnvironment.current(),
        modes: TerminalModes = .fullScreen
    ) throws(TerminalError) {
        let input = FileDescriptor.standardInput.rawValue
        let output = FileDescriptor.standardOutput.rawValue
        guard FileDescriptor.standardInput.isTerminal else { throw .notATerminal(.input) }
        guard FileDescriptor.standardOutput.isTerminal else { throw .notATerminal(.output) }
        let term = environment["TERM"]
        guard let term, !term.isEmpty, term != "dumb" else { throw .unsupportedTerminal(term: term) }
        guard hj_term_is_active() == 0, hj_term_wake_fd() < 0 else { throw .sessionAlreadyActive }

        guard hj_term_save(input, output) == 0 else { throw .systemCall(name: "tcgetattr", errno: Errno.current.rawValue) }
        // Handlers first, raw mode second (kilo's order): from the first change on, every
        // way out restores.
        guard hj_term_install_signal_handlers() == 0 else {
            throw .systemCall(name: "sigaction", errno: Errno.current.rawValue)
        }
        guard hj_term_enter(modes.rawValue) == 0 else {
            let code = Errno.current.rawValue
            hj_term_uninstall_signal_handlers()
            throw .systemCall(name: "tcsetattr", errno: code)
        }
        self.inputDescriptor = input
        self.outputDescriptor = output
        self.modes = modes
        self.colorCapability = ColorCapability.detect(environment: environment)
        self.writer = FileDescriptorWriter(fileDescriptor: output)
        self.term = term
        self.size = TerminalSize.query(fileDescriptor: output) ?? TerminalSize.query(fileDescriptor: input) ?? .zero
    }

    deinit {
        close()
    }

    // MARK: - Output

    /// Writes a whole frame in one write loop. Skipped (silently) once the terminal is
    /// gone or the session is closed; throws `.outputClosed` the first time it fails.
    public func write(_ frame: String) throws(TerminalError) {
        guard !isOutputClosed, !isClosed else { return }
        do {
            try writer.write(frame)
        } catch {
            if error == .outputClosed { isOutputClosed = true }
            throw error
        }
    }

    /// Writes raw bytes; same rules as `write(_:)`.
    public func write(bytes: [UInt8]) throws(TerminalError) {
        guard !isOutputClosed, !isClosed else { return }
        do {
            try writer.write(bytes: bytes)
        } catch {
            if error == .outputClosed { isOutputClosed = true }
            throw error
        }
    }

    // MARK: - Key events (the kitty keyboard protocol)

    /// Asks the terminal whether it speaks the kitty keyboard protocol (`CSI ? u`, then
    /// `CSI c`, as the protocol's documentation says to detect it). The answer arrives as
    /// input: `.keyboardProtocol(true)` once the flags are pushed (from then on keys come
    /// with `.repeat` and `.release` events, and every way out pops them again, like the
    /// other modes; `suspend()` pops and pushes them again), or `.keyboardProtocol(false)`
    /// when the terminal answered the device-attributes query alone. A terminal that
    /// answers neither just keeps sending legacy keys (presses only).
    public func requestKeyEvents(flags: Int = TerminalSession.gameKeyboardFlags) {
        guard !isClosed, !modes.contains(.kittyKeyboard) else { return }
        keyEventsQuery = flags
        queryAnswerDeadline = MonotonicClock.nanoseconds() &+ 1_000_000_000
        try? write("\u{1B}[?u\u{1B}[c")
    }

    /// Asks the terminal its background colour (`OSC 11 ; ?`); the answer arrives as
    /// `.background`, before the answer to `requestKeyEvents()` when asked first (terminals
    /// answer in order). Not asked of the Linux console, which would print the query.
    public func requestBackground() {
        guard !isClosed, !term.hasPrefix("linux") else { return }
        try? write("\u{1B}]11;?\u{07}")
    }

    /// Whether keys now arrive with repeat and release events.
    public var reportsKeyEvents: Bool { modes.contains(.kittyKeyboard) }

    /// Turns the decoded input into events: keys as they come, the query's answers as
    /// `.keyboardProtocol`.
    private func events(from input: [InputEvent]) -> [TerminalEvent] {
        var events: [TerminalEvent] = []
        var keys: [KeyEvent] = []
        func flushKeys() {
            if !keys.isEmpty { events.append(.keys(keys)) }
            keys.removeAll()
        }
        for item in input {
            switch item {
            case .key(let key):
                keys.append(key)
            case .keyboardFlags:
                guard let flags = keyEventsQuery else { continue }
                keyEventsQuery = nil
                flushKeys()
                if hj_term_add_modes(TerminalModes.kittyKeyboard.rawValue, Int32(flags)) == 0 {
                    modes.insert(.kittyKeyboard)
                    events.append(.keyboardProtocol(true))
                } else {
                    events.append(.keyboardProtocol(false))
                }
            case .deviceAttributes:
                guard keyEventsQuery != nil else { continue }
                keyEventsQuery = nil
                flushKeys()
                events.append(.keyboardProtocol(false))
            case .background(let red, let green, let blue):
                flushKeys()
                events.append(.background(red: red, green: green, blue: blue))
            case .reply:
                // Answers are never keys (T-21).
                continue
            }
        }
        flushKeys()
        return events
    }

    // MARK: - Input

    /// Blocks in `poll` (stdin + the signal self-pipe; no busy loop) until something
    /// happens or `timeoutMilliseconds` pass, and reports it. An empty array means the
    /// timeout expired. A negative timeout waits indefinitely. EINTR is retried.
    ///
    /// A lone Esc is held back for `escapeTimeoutMilliseconds` in case the rest of an
    /// escape sequence follows; the wait is shortened to deliver it on time.
    ///
    /// A terminating signal is reported alone: `[.terminate(signal:)]`.
    ///
    /// - Parameter other: a descriptor to wait on as well (a file watcher's); its being
    ///   readable is reported as `.otherReady` (the caller reads it).
    public func waitForEvents(timeoutMilliseconds: Int, alsoWatching other: Int32? = nil) -> [TerminalEvent] {
        guard !isClosed else { return [] }
        let start = MonotonicClock.nanoseconds()
        let deadline: UInt64? = timeoutMilliseconds < 0
            ? nil
            : start &+ UInt64(min(timeoutMilliseconds, Int(Int32.max))) &* 1_000_000
        while true {
            let signalEvents = takeSignalEvents()
            if !signalEvents.isEmpty { return signalEvents }

            let now = MonotonicClock.nanoseconds()
            if let since = pendingSince,
               now >= since &+ UInt64(max(0, escapeWaitMilliseconds(at: now))) &* 1_000_000 {
                // Bytes that came while the application was busy between two waits are no
                // pause after the Esc: a burst of keys cut by a read's end after its Esc
                // (a key sequence half read) would otherwise make Esc (quit) of it.
                if !isInputClosed, let revents = inputReadiness() {
                    let read = readInput(returned: revents)
                    if let read { return read }
                    if pendingSince != since { continue }
                }
                pendingSince = nil
                let flushed = events(from: decoder.flushPendingEvents())
                if !flushed.isEmpty { return flushed }
            }
            if let deadline, now >= deadline { return [] }

            let waitNanoseconds = nearestWait(now: now, deadline: deadline)
            let pollTimeout: Int32 = waitNanoseconds.map { Int32(clamping: ($0 &+ 999_999) / 1_000_000) } ?? -1

            var descriptors = [Poll.Request(hj_term_wake_fd(), for: .readable)]
            if !isInputClosed {
                descriptors.append(Poll.Request(inputDescriptor, for: .readable))
            }
            let otherIndex = descriptors.count
            if let other { descriptors.append(Poll.Request(other, for: .readable)) }
            let ready: Int
            do throws(Errno) {
                ready = try Poll.wait(&descriptors, milliseconds: pollTimeout)
            } catch .interrupted {
                continue  // the timeout is recomputed from the clock
            } catch {
                // EFAULT/EINVAL/ENOMEM: nothing sensible to wait on; report a timeout.
                return []
            }
            if ready == 0 { continue }
            if !descriptors[0].returned.isEmpty {
                hj_term_drain_wake_fd()
            }
            var found: [TerminalEvent] = []
            if otherIndex > 1, !descriptors[1].returned.isEmpty {
                if let events = readInput(returned: descriptors[1].returned) { found += events }
            }
            if other != nil, !descriptors[otherIndex].returned.isEmpty { found.append(.otherReady) }
            if !found.isEmpty { return found }
        }
    }

    private func nearestWait(now: UInt64, deadline: UInt64?) -> UInt64? {
        var wait: UInt64? = deadline.map { $0 > now ? $0 - now : 0 }
        if let since = pendingSince {
            let escapeDeadline = since &+ UInt64(max(0, escapeWaitMilliseconds(at: now))) &* 1_000_000
            let escapeWait = escapeDeadline > now ? escapeDeadline - now : 0
            wait = min(wait ?? escapeWait, escapeWait)
        }
        return wait
    }

    /// The input's poll events when it has something to read now (or hung up); nil when
    /// a read would find nothing.
    private func inputReadiness() -> Poll.Events? {
        Poll.readiness(of: inputDescriptor, for: .readable)
    }

    /// Reads what stdin has (one read), decodes it. Nil if nothing was there.
    private func readInput(returned: Poll.Events) -> [TerminalEvent]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count: Int
        do throws(Errno) {
            count = try FileDescriptor(rawValue: inputDescriptor).read(into: &buffer)
        } catch {
            if error == .resourceTemporarilyUnavailable || error == .wouldBlock { return nil }
            isInputClosed = true
            return [.inputClosed]
        }
        if count == 0 {
            // VMIN = 0 makes an empty read normal; after a hang-up poll also says POLLHUP.
            if !returned.isDisjoint(with: [.hangUp, .error, .invalid]) {
                isInputClosed = true
                return [.inputClosed]
            }
            return nil
        }
        let decoded = events(from: decoder.feedEvents(buffer[0..<count]))
        // The escape timeout counts from the last bytes read: what is pending now came last.
        pendingSince = decoder.hasPendingInput ? MonotonicClock.nanoseconds() : nil
        return decoded.isEmpty ? nil : decoded
    }

    /// Turns the flags set by the signal handlers into events.
    private func takeSignalEvents() -> [TerminalEvent] {
        let signal = hj_term_terminate_signal()
        if signal != 0 { return [.terminate(signal: signal)] }
        let bits = hj_term_take_events(HJ_TERM_EVENT_RESIZE | HJ_TERM_EVENT_CONTINUE | HJ_TERM_EVENT_SUSPEND)
        var events: [TerminalEvent] = []
        if bits & HJ_TERM_EVENT_CONTINUE != 0 {
            // Stopped by someone else (SIGSTOP) and continued: a shell may have put the
            // tty back into cooked mode meanwhile (T-5).
            _ = hj_term_reassert()
            events.append(.resumed)
        }
        if bits & (HJ_TERM_EVENT_RESIZE | HJ_TERM_EVENT_CONTINUE) != 0 {
            let newSize = refreshSize()
            if bits & HJ_TERM_EVENT_RESIZE != 0 { events.append(.resized(newSize)) }
        }
        if bits & HJ_TERM_EVENT_SUSPEND != 0 { events.append(.suspendRequested) }
        return events
    }

    /// Re-reads the size from the terminal (TIOCGWINSZ) and returns it.
    @discardableResult
    public func refreshSize() -> TerminalSize {
        size = TerminalSize.query(fileDescriptor: outputDescriptor)
            ?? TerminalSize.query(fileDescriptor: inputDescriptor)
            ?? .zero
        return size
    }

    // MARK: - Suspend, close, exit

    /// Stops the process like a shell job (Ctrl-Z key, or after `.suspendRequested`):
    /// restores cooked mode and leaves the alternate screen, sets SIGTSTP to its default
    /// and raises it. When the shell continues us (`fg`), re-enters raw mode and the
    /// screen modes and re-reads the size; the caller redraws fully and stays paused.
    ///
    /// - Returns: nanoseconds spent stopped (monotonic), to subtract from timers.
    @discardableResult
    public func suspend() -> UInt64 {
        guard !isClosed else { return 0 }
        let start = MonotonicClock.nanoseconds()
        hj_term_restore()
        hj_term_suspend_self()
        // Continued. Our own stop produced SIGCONT (and maybe a SIGTSTP that asked for
        // it): they are handled here, not reported again.
        _ = hj_term_take_events(HJ_TERM_EVENT_CONTINUE | HJ_TERM_EVENT_SUSPEND)
        if hj_term_enter(modes.rawValue) != 0, Errno.current == .ioError {
            isOutputClosed = true
        }
        refreshSize()
        return MonotonicClock.nanoseconds() &- start
    }

    /// Restores the terminal and removes the signal handlers. Idempotent; `deinit` calls
    /// it. Stop rendering before calling it: nothing is written afterwards (T-16).
    ///
    /// If a terminating signal arrived and was never acted on, it is not lost: after the
    /// restore the process dies by it, as it would have without the session.
    ///
    /// `signalHandled`: the caller acted on the `.terminate(signal:)` it was given (said so
    /// and chose an exit status, as `hanjul versus` does), so the signal is not raised again.
    public func close(signalHandled: Bool = false) {
        guard !isClosed else { return }
        isClosed = true
        hj_term_restore()
        let unhandled = hj_term_terminate_signal()
        hj_term_uninstall_signal_handlers()
        if unhandled != 0 && !signalHandled {
            hj_term_exit_by_signal(unhandled)
        }
    }

    /// Restores the terminal and ends the process by `signal` with its default action,
    /// so the parent sees `WIFSIGNALED` (a shell prints nothing for SIGINT and reports
    /// status 128 + signal). Call after `.terminate(signal:)` and any saving.
    /// `afterRestoring` runs once the terminal is back as it was (to say on standard error
    /// what could not be saved).
    public func exit(bySignal signal: Int32, afterRestoring: () -> Void = {}) -> Never {
        hj_term_restore()
        hj_term_uninstall_signal_handlers()
        afterRestoring()
        hj_term_exit_by_signal(signal)
    }

    /// The restore routine as a C function pointer, for emergency paths in other
    /// modules (a `lua_atpanic` handler, T-12). Async-signal-safe and idempotent.
    public static let emergencyRestore: @convention(c) () -> Void = hj_term_emergency_restore
}
