import HanJulCore
import HanJulRender

extension GameScreen {
    /// What the screen shows.
    func scene() -> Scene {
        var scene = Scene(state: game.state, hud: hud(), overlay: overlay(), showsGhost: config.showsGhost,
                          showsHold: game.rules.holdEnabled, rowsAbove: game.rules.spawnsAboveField ? Scene.spawnRows : 0,
                          style: config.style)
        scene.preview = Array(scene.preview.prefix(max(config.previewLimit, 0)))
        scene.kindColors = kindColors
        scene.statistics = statistics
        if clock < callout.until { scene.callout = callout.lines }
        return scene
    }

    func frame() -> Frame {
        Layout.frame(for: scene(), size: size)
    }

    func hud() -> HUD {
        var hud = HUD(state: game.state, millisecondsPerRow: rules.gravityInterval(level: game.state.level),
                      mods: modNames, best: standing.best, elapsedSeconds: Int(clock / Self.second))
        hud.elapsedMilliseconds = Int(clock / 1_000_000)
        hud.bestText = standing.bestText
        if rules.isTimed {
            // A race's clock to the millisecond; once over, the engine's (the result's) time.
            hud.timeText = HUD.formatMilliseconds(game.state.isOver ? game.state.elapsedMilliseconds : Int(clock / 1_000_000))
        }
        if let pace = standing.pace { hud.pace = HUD.Pace(difference: pace.difference) }
        if let left = rules.goal?.linesLeft(in: game.state) {
            hud.status = ["LINES LEFT" + String(repeating: " ", count: max(18 - 10 - "\(left)".count, 1)) + "\(left)"]
        }
        // A time goal (a blitz's two minutes) counts down on the play clock.
        let played = game.state.isOver ? game.state.elapsedMilliseconds : Int(clock / 1_000_000)
        if let left = rules.goal?.timeLeft(after: played) {
            let text = HUD.formatMilliseconds(left)
            hud.status.append("TIME LEFT" + String(repeating: " ", count: max(18 - 9 - text.count, 1)) + text)
        }
        return hud
    }

    func overlay() -> Overlay {
        switch mode {
        case .playing:
            return .none
        case .paused:
            if let overlayOverride { return overlayOverride }
            return .paused(hint: "p resume\n? keys\nr new game\ne end (score kept)\nq \(config.quitWord)")
        case .help:
            return .help(lines: config.bindings.helpLines(rules: rules.actions))
        case .notice(let title, let text, _):
            return .message(title: title, text: text)
        case .countdown(let until):
            return .message(title: "READY", text: playClock.countdownText(until: until))
        case .over:
            return overlayOverride ?? .none
        }
    }
}
