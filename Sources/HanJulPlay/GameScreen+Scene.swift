import HanJulCore
import HanJulRender

extension GameScreen {
    /// What the screen shows.
    func scene() -> Scene {
        var scene = Scene(state: game.state, hud: hud(), overlay: overlay(), showsHold: game.rules.holdEnabled, style: config.style)
        scene.kindColors = kindColors
        return scene
    }

    func frame() -> Frame {
        Layout.frame(for: scene(), size: size)
    }

    func hud() -> HUD {
        HUD(state: game.state, millisecondsPerRow: rules.gravityInterval(level: game.state.level),
            mods: provider.modNames(rules), best: best, elapsedSeconds: Int(clock / Self.second))
    }

    func overlay() -> Overlay {
        switch mode {
        case .playing:
            return .none
        case .paused:
            if let overlayOverride { return overlayOverride }
            return .paused(hint: "p resume\n? keys\nr new game\nq quit")
        case .help:
            return .help(lines: config.bindings.helpLines(rules: rules.actions))
        case .notice(let title, let text, _):
            return .message(title: title, text: text)
        case .over:
            return overlayOverride ?? .none
        }
    }
}
