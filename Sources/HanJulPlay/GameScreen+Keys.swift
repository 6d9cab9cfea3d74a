import HanJulCore
import HanJulTerminal

/// A key press, end to end: the terminal's `KeyEvent` goes into the key stream (`holds`,
/// on the play clock), each `KeyStroke` out of it is bound to a `Control`, and the control
/// becomes `Action`s: held ones (←, →, ↓) through `Handling`, the others at once; `pause`,
/// `restart`, `quit` and `help` are the screen's own.
extension GameScreen {
    /// Shift, Ctrl… alone reach a game only when the player bound one (Shift as hold).
    var wantsModifierKeys: Bool { config.bindings.bindsModifierKeys }

    /// One stroke of the key stream, at the clock (its time: `stroke.at`). A held control's
    /// goes to the handling (`takeHeld`).
    mutating func take(_ stroke: KeyStroke, environment: ScreenEnvironment) {
        let key = stroke.key
        if let control = config.bindings.control(for: key), control.isHeld { return takeHeld(stroke) }
        // A press acts; a repeat (the terminal's cadence proved it) does not.
        guard let control = config.bindings.control(for: key), stroke.phase == .press else { return }
        switch control {
        case .quit: quit(environment)
        case .pause: pause()
        case .help:
            pause()
            mode = .help
        case .restart: restart(at: playClock.wall, environment: environment)
        case .left, .right, .softDrop: break // held: above
        case .hardDrop, .rotate, .rotateCounterclockwise, .rotateHalfTurn, .hold:
            guard let action = control.action, rules.actions.contains(action.kind) else { return }
            apply(action)
        }
    }
}

extension GameScreen: HandlingHost {
    var bindings: KeyBindings { config.bindings }
    var playerState: GameState { game.state }
}
