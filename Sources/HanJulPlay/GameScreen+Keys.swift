import HanJulCore
import HanJulTerminal

/// A key press, end to end: the terminal's `KeyEvent` goes into the key stream (`holds`,
/// on the play clock), each `KeyStroke` out of it is bound to a `Control`, and the control
/// becomes `Action`s: held ones (←, →, ↓) through `Handling`, the others at once; `pause`,
/// `restart`, `quit` and `help` are the screen's own.
extension GameScreen {
    /// Shift, Ctrl… alone reach a game only when the player bound one (Shift as hold).
    var wantsModifierKeys: Bool { config.bindings.bindsModifierKeys }

    /// A one-shot action counts when the rules have it.
    func allows(_ action: Action) -> Bool { rules.actions.contains(action.kind) }

    /// The screen's own controls, pressed while the game runs.
    mutating func command(_ control: Control, environment: ScreenEnvironment) {
        switch control {
        case .quit: quit(environment)
        case .pause: pause()
        case .help:
            pause()
            mode = .help
        case .restart: restart(at: playClock.wall, environment: environment)
        default: break // the game's: `take` plays them
        }
    }
}

extension GameScreen: HandlingHost {
    var bindings: KeyBindings { config.bindings }
    var playerState: GameState { game.state }
}
