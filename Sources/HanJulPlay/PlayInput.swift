import HanJulNet
import HanJulRender
import HanJulTerminal

/// What reaches the play session: everything the terminal, the clock, the mod watcher and
/// a network match's peer say, each handed to `PlaySession.handle(_:at:)` with the monotonic time it happened.
public enum PlayInput: Equatable, Sendable {
    /// A key went down, repeated or came up.
    case key(KeyEvent)
    /// Time passed (the session's deadline came, or nothing else happened).
    case tick
    /// The terminal has a new size.
    case resized(Size)
    /// The terminal's answer to the key-event query: whether it now reports key repeats and
    /// releases (the kitty keyboard protocol).
    case keyEvents(Bool)
    /// The terminal said its background colour (OSC 11): light or dark.
    case background(light: Bool)
    /// The files of a watched mod changed.
    case modsChanged
    /// The process was stopped (Ctrl-Z, or SIGSTOP from outside) and continued: the time
    /// since the last input was not play time; the whole screen must be drawn again.
    case resumed
    /// SIGTSTP from outside: pause and suspend.
    case suspendRequested
    /// SIGINT, SIGTERM, SIGHUP or SIGQUIT: save what must be saved, then die by the signal.
    case terminate(signal: Int32)
    /// Input closed (the terminal hung up): save, then end.
    case inputClosed
    /// Writing a replay the session asked for failed: a line for the player.
    case replayNotSaved(String)
    /// What the session did for a screen's `ScreenEffect.ask` (handed only to that screen).
    case answer(PlayAnswer)
    /// A network match's peer sent these messages (each read and checked as a frame of the
    /// protocol, docs/VERSUS-PROTOCOL.md), in order.
    case peer([VersusMessage])
    /// The connection to the peer failed (closed, bytes that are not the protocol, a
    /// flood): what went wrong, for the player.
    case peerLost(String)
}
