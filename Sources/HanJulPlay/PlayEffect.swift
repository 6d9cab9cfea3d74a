import HanJulCore
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
    /// A screen asks for a file, a setting or rules: the session does it and answers
    /// (`PlayInput.answer`); never reaches the driver.
    case ask(PlayRequest)
}

/// How a terminal front end ended.
public enum PlayExit: Equatable, Sendable {
    /// The player quit.
    case quit
    /// Input closed (the terminal went away).
    case inputClosed
}
