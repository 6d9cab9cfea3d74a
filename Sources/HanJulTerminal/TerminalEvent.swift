/// What `TerminalSession.waitForEvents(timeoutMilliseconds:)` reports.
public enum TerminalEvent: Hashable, Sendable {
    /// Key events decoded from input, in order (presses only, unless the kitty keyboard
    /// protocol is on: see `TerminalSession.requestKeyEvents()`).
    case keys([KeyEvent])
    /// The terminal's answer to `TerminalSession.requestKeyEvents()`: `true` when the kitty
    /// keyboard protocol is now on (repeats and releases are reported), `false` when the
    /// terminal does not have it.
    case keyboardProtocol(Bool)
    /// The terminal's background colour, its answer to `TerminalSession.requestBackground()`.
    case background(red: UInt8, green: UInt8, blue: UInt8)
    /// SIGWINCH: the terminal has this new size. Redraw fully.
    case resized(TerminalSize)
    /// SIGTSTP from outside (`kill -TSTP`): pause, then call `suspend()`.
    case suspendRequested
    /// SIGCONT after a stop we did not initiate (SIGSTOP, then `fg`/`kill -CONT`). Raw
    /// mode and the screen modes are already re-asserted; redraw fully, stay paused, and
    /// re-base timers (T-5).
    case resumed
    /// SIGINT, SIGTERM, SIGHUP or SIGQUIT. Stop rendering, save what must be saved (no
    /// terminal output after SIGHUP), then `close()` and `exit(bySignal:)`.
    case terminate(signal: Int32)
    /// The other descriptor given to `waitForEvents(timeoutMilliseconds:alsoWatching:)` is
    /// readable.
    case otherReady
    /// Input reached end of file or failed (the terminal hung up). The session stops
    /// polling it; the application should save and exit (T-14).
    case inputClosed
}
