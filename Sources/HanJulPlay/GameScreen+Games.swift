import HanJulCore
import HanJulRender
import HanJulTerminal

extension GameScreen {
    /// A new game: its replay saved when it was played, fresh rules asked for (a mod's Lua
    /// state lives for one game); `newGame` starts it when they come.
    mutating func restart(at now: UInt64, environment: ScreenEnvironment) {
        saveAbandonedReplay(environment)
        effects.append(.ask(.makeRules(.newGame)))
    }

    /// The new game `restart` asked for, under the rules made (or, when they did not
    /// load, the last game's, with a line saying why), with a new seed.
    mutating func newGame(_ made: Result<MadeRules, RulesFailure>, at now: UInt64, environment: ScreenEnvironment) {
        overlayOverride = nil
        ending = nil
        switch made {
        case .success(let made):
            if let fresh = made.rules(as: R.self) {
                rules = fresh
                identity = made.identity
                modNames = made.modNames
            }
            hotReload.warningsShown = 0
        case .failure(let failure):
            // Keep the rules of the last game; say why the fresh ones did not load.
            overlayOverride = .message(title: "MOD ERROR", text: failure.message + "\n\nThe previous version of the mods is used.\n\nr new game · q \(config.quitWord)")
        }
        seed = config.seed ?? environment.newSeed()
        timed = TimedGame(game: Game(rules: rules, source: .seeded(seed)),
                          recorder: ReplayRecorder(rules: identity, source: .seeded(seed)))
        replaySaved = false
        hotReload.pending = nil
        statistics = PlayStatistics()
        finesse = FinesseTracker(game.state, countsActions: true)
        callout = Callout()
        mode = overlayOverride == nil ? .playing : .paused
        playClock = PlayClock(at: now)
        resetKeys()
        startCountdown(at: now)
        standing = Standing()
        effects.append(.ask(.highScores(key: HighScoreTable.key(for: identity))))
        checkSize()
    }

    /// What the session did for this game's asks.
    mutating func answer(_ answer: PlayAnswer, at now: UInt64, environment: ScreenEnvironment) {
        switch answer {
        case .rulesMade(.newGame, let made):
            newGame(made, at: now, environment: environment)
        case .rulesMade(.reload, let made):
            hotReload.pending = made
            // While paused there is no next piece to wait for: reload now.
            if mode != .playing && !game.state.isOver { reload(at: now) }
        case .rulesMade(.pace(let replay), .success(let made)):
            if let fresh = made.rules(as: R.self) {
                standing.pace = RacePace.against(replay, rules: fresh, key: HighScoreTable.key(for: identity))
            }
        case .highScores(let key, let table) where key == HighScoreTable.key(for: identity):
            // The panel's BEST: the best score, or for a race (a table ranked by results)
            // the best result in its unit; a sprint races the best game's replay.
            // A race (a time to beat) has a best only once a run finished: never a score.
            let race = isRace
            let best = race ? table.first { $0.result != nil } : table.first
            standing = Standing(best: race ? nil : table.map(\.score).max(), bestText: best?.resultText)
            if rules.isTimed, let goal = rules.goal?.lines, goal >= RacePace.every, let name = best?.replay {
                effects.append(.ask(.savedReplay(named: name)))
            }
        case .savedReplay(_, let replay?) where HighScoreTable.key(for: replay.rules) == HighScoreTable.key(for: identity):
            effects.append(.ask(.makeRules(.pace(replay))))
        case .highScoreSaved(let entry, let outcome):
            ending?.saved(entry, outcome)
            showEnding()
        case .highScoreRenamed(let outcome):
            ending?.renamed(outcome)
            showEnding()
        case .nameRemembered(let problem):
            ending?.note(problem)
            showEnding()
        default:
            break
        }
        if game.state.isOver && mode != .over { finish(environment) }
    }

    /// The game ended (or the player ended it from the pause box, `byPlayer`: the score
    /// stands as at a top-out): its replay saved, the summary, and its entry in the high
    /// scores asked for (the answer gives its place: `GameEnding.saved`).
    mutating func finish(_ environment: ScreenEnvironment, byPlayer: Bool = false) {
        mode = .over
        resetKeys()
        let state = game.state
        let replayName = saveReplay(environment)
        if case .over(.ruleError(let error)) = state.phase {
            var text = error.description
            if let traceback = error.traceback, !traceback.isEmpty {
                text += "\n" + traceback.split(separator: "\n", omittingEmptySubsequences: false).prefix(5).joined(separator: "\n")
            }
            text += "\n\nThe game stopped here; its replay was saved.\n\nr new game · q \(config.quitWord)"
            overlayOverride = .report(title: "MOD ERROR", text: text)
            return
        }
        var result: GameResult?
        if case .over(.finished(let finished)) = state.phase { result = finished }
        var entry = HighScore(score: state.score, lines: state.lines, level: state.level, result: result?.value,
                              resultLabel: result?.label, resultUnit: result?.unit.rawValue, date: environment.date().shown,
                              seed: String(seed), name: nil, replay: replayName.map { $0 + ".hjr" })
        if let result { entry.then = HighScore.TieBreak.of(result, format: rules.resultFormat) }
        let reason: String
        if let result {
            reason = "\(result.label): \(rules.resultFormat.map { $0.then.isEmpty ? result.text : $0.text(result.value, then: result.then) } ?? result.text)"
        } else if byPlayer {
            reason = "You ended the game"
        } else {
            reason = GameOverSummary.describe(state.phase.reason ?? .blockedSpawn)
        }
        let key = HighScoreTable.key(for: identity)
        ending = GameEnding(title: result == nil ? byPlayer ? "ENDED" : "GAME OVER" : "FINISHED", reason: reason, key: key,
                            entry: entry, finished: result != nil, since: playClock.wall)
        if result == nil && isRace {
            // A race not finished has no time to rank: it goes in no table.
            ending?.reason += " (unfinished: a race ranks finished runs only)"
        } else {
            effects.append(.ask(.saveHighScore(entry, key: key, lowerIsBetter: result?.lowerIsBetter, fallbackName: config.playerName)))
        }
        showEnding()
    }

    /// Whether the rules are a race: a result to beat by being lower (a time), which a run
    /// that did not finish does not have.
    var isRace: Bool { rules.resultFormat?.lowerIsBetter == true }

    /// The end screen from `ending`: the table (the new entry's name as typed while the
    /// name prompt is up) and the keys that work now.
    mutating func showEnding() {
        guard let ending else { return }
        if ending.showsStatistics && ending.namePrompt == nil {
            overlayOverride = .report(title: "STATISTICS", text: statistics.pageText(milliseconds: playedMilliseconds)
                                        + "\n\nTab results · r new game · q \(config.quitWord)")
            return
        }
        let hint: String
        if let typed = ending.namePrompt {
            hint = ending.editing ? "your name: \(typed)_ · Enter save · Esc keep"
                : "saved as \(typed.isEmpty ? "(no name)" : typed) · Enter ok · Backspace edit"
        } else {
            hint = "Tab statistics · r new game · q \(config.quitWord)"
        }
        var summary = GameOverSummary(title: ending.title, reason: ending.reason, table: ending.rows, hint: hint)
        // A finished race against the best game before it.
        if let pace = standing.pace, pace.splits.count == pace.best.count, let difference = pace.difference,
           case .over(.finished)? = Optional(game.state.phase) {
            summary.pace = HUD.formatDifference(difference)
        }
        overlayOverride = .gameOver(summary)
    }

    /// A key while the name prompt is up (`GameEnding.type`): Enter asks for the entry to
    /// be renamed and the name remembered (settings.conf), Ctrl-C quits.
    mutating func nameKey(_ key: Key, environment: ScreenEnvironment) {
        guard ending != nil else { return }
        switch ending!.type(key) {
        case .ignored:
            return
        case .save(let typed):
            effects += ending!.asks(saving: typed)
        case .quit:
            showEnding()
            quit(environment)
            return
        case .editing, .keep:
            break
        }
        showEnding()
    }

    /// Milliseconds played: a race's clock as the engine was told it, else the play clock.
    var playedMilliseconds: Int {
        rules.isTimed && game.state.isOver ? game.state.elapsedMilliseconds : Int(clock / 1_000_000)
    }

    /// Counts what the last action did, and shows its callout: what the rules announced,
    /// else the notable clear the lock facts tell of (a four-row clear, a spin, a combo,
    /// back-to-back).
    mutating func noteEvents() {
        var announced: [String] = []
        var facts: LockFacts?
        for event in game.state.events {
            switch event {
            case .lockFacts(let lock):
                statistics.count(lock)
                facts = lock
            case .announced(let number):
                if let text = game.state.callout(number: number) { announced.append(text) }
            default:
                break
            }
        }
        let state = game.state
        standing.pace?.note(lines: state.lines, at: state.elapsedMilliseconds)
        let lines = announced.isEmpty ? facts.map { PlayStatistics.callout(for: $0, ascii: config.style.isASCII) } ?? [] : announced
        guard !lines.isEmpty else { return }
        callout = Callout(lines: Array(lines.suffix(Layout.calloutRows)), until: clock &+ Self.calloutDuration)
    }

    /// Asks for the replay of the game to be saved (once); the name asked for.
    @discardableResult
    mutating func saveReplay(_ environment: ScreenEnvironment) -> String? {
        guard !replaySaved else { return nil }
        replaySaved = true
        let name = "\(environment.date().file)-\(seed)"
        effects.append(.saveReplay(recorder.finish(game.state), name: name))
        return name
    }

    /// A game left before its end (quit, new game, a signal) is recorded too, once the
    /// player did anything (a move, a turn, a drop): a game started and left untouched is not.
    mutating func saveAbandonedReplay(_ environment: ScreenEnvironment) {
        // Gravity and the time a timed game records (`W`) are not the player's doing.
        guard !replaySaved, game.state.isOver || recorder.replay.actions.contains(where: { $0 != .gravity && $0.kind != .wait }) else { return }
        saveReplay(environment)
    }

    // MARK: - Hot reload

    /// Plays the rules built after the mods' files changed, between pieces (or at once
    /// while paused), keeping the board and score.
    mutating func reload(at now: UInt64) {
        switch hotReload.take(for: game.state, as: R.self) {
        case nil:
            return
        case .failed(let message)?:
            notice("RELOAD FAILED", message + "\n\nThe previous version stays in play.", at: now)
        case .postponed?:
            notice("RELOAD POSTPONED", "The board size or the pieces changed; press r for a new game to play them.", at: now)
        case .replace(let fresh, let made)?:
            let state = game.state
            rules = fresh
            identity = made.identity
            modNames = made.modNames
            hotReload.warningsShown = 0
            timed.replaceGame(Game(rules: fresh, reloading: state))
            let names = identity.mods.map { "\($0.id) \($0.version)" }.joined(separator: ", ")
            notice("RELOADED", names + "\n\nThe board and score are kept; this game's replay is marked as reloaded.", at: now)
        }
    }

    /// Whether rules built after the mods' files changed wait for the next piece.
    var reloadPending: Bool { hotReload.pending != nil }

    /// A notice for each hook failure the game went on from (`Rules.warnings`), once: the
    /// player sees that the mod does not play as written.
    mutating func noteWarnings(at now: UInt64) {
        let warnings = rules.warnings
        guard warnings.count > hotReload.warningsShown else { return }
        let new = warnings[hotReload.warningsShown...].map(\.description)
        hotReload.warningsShown = warnings.count
        notice("MOD WARNING", new.joined(separator: "\n\n") + "\n\nThe game goes on with the default; 'hanjul check' shows more.", at: now)
    }

    /// A notice for three seconds over the board while playing (the clock waits), or in
    /// the pause box otherwise.
    mutating func notice(_ title: String, _ text: String, at now: UInt64) {
        if mode == .playing {
            mode = .notice(title: title, text: text + "\n\n(any key to go on)", until: now &+ 3 * Self.second)
            resetKeys()
        } else {
            overlayOverride = .message(title: title, text: text)
        }
    }
}

extension Phase {
    var reason: GameOverReason? {
        if case .over(let reason) = self { reason } else { nil }
    }
}
