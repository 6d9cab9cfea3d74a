import HanJulCore
import HanJulNet
import HanJulRender

/// What the play session asks its driver to do, in order.
public enum PlayEffect: Equatable, Sendable {
    /// Show this frame (the driver writes only the cells that changed).
    case draw(Frame)
    /// Forget what the terminal shows: the next frame is drawn whole (Ctrl-L, a resume).
    case redrawAll
    /// Save a replay in the data folder as `<name>.hjr` (or `<name>-2.hjr`… when taken).
    case saveReplay(Replay, name: String)
    /// Stop the process like a shell job (Ctrl-Z); hand the session `.resumed` after.
    case suspend
    /// Watch these folders for hot reload from now on, instead of those before (a game
    /// under other mods began from the start screen; empty: watch nothing).
    case watch([String])
    /// Draw with these colours from now on (the palette chosen in Settings), all again.
    case colors(ColorMode)
    /// The session is over.
    case quit(PlayExit)
    /// End the process by this signal, the terminal restored (after the effects before).
    case exitBySignal(Int32)
    /// Send these messages to a network match's peer, in order (a failure comes back as
    /// `.peerLost`).
    case send([VersusMessage])
}

/// What a screen answers an input with: an effect for the driver, or an ask for a file, a
/// setting or rules, which the session does at once and answers (`PlayInput.answer`), so
/// it never reaches the driver. A driver's effect is written as itself (`.redrawAll`).
enum ScreenEffect: Equatable {
    case effect(PlayEffect)
    case ask(PlayRequest)

    static var redrawAll: Self { .effect(.redrawAll) }
    static var suspend: Self { .effect(.suspend) }
    static func draw(_ frame: Frame) -> Self { .effect(.draw(frame)) }
    static func saveReplay(_ replay: Replay, name: String) -> Self { .effect(.saveReplay(replay, name: name)) }
    static func watch(_ folders: [String]) -> Self { .effect(.watch(folders)) }
    static func colors(_ mode: ColorMode) -> Self { .effect(.colors(mode)) }
    static func quit(_ exit: PlayExit) -> Self { .effect(.quit(exit)) }
    static func exitBySignal(_ signal: Int32) -> Self { .effect(.exitBySignal(signal)) }
    static func send(_ messages: [VersusMessage]) -> Self { .effect(.send(messages)) }
}

/// How a terminal front end ended.
public enum PlayExit: Equatable, Sendable {
    /// The player quit.
    case quit
    /// Input closed (the terminal went away).
    case inputClosed
    /// A network match ended: the line to say once the terminal is restored, and how.
    case versusEnded(line: String, VersusEnd)
}

/// How a network match ended, for the exit status (docs/VERSUS-PROTOCOL.md).
public enum VersusEnd: Equatable, Sendable {
    /// Played to its end, or the player left: 0.
    case finished
    /// Ended early for any other reason (the peer, the connection, a signal): 1.
    case failed
    /// The rules failed during the match: 3.
    case rulesFailed
}
