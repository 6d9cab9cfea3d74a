import HanJulCore
import HanJulRender

extension GameScreen {
    /// A new game: fresh rules (a mod's Lua state lives for one game) and seed.
    mutating func restart(at now: UInt64, environment: PlayEnvironment) {
        saveAbandonedReplay(environment)
        overlayOverride = nil
        switch provider.make() {
        case .success(let fresh):
            rules = fresh
            identity = provider.identity(fresh)
        case .failure(let failure):
            // Keep the rules of the last game; say why the fresh ones did not load.
            overlayOverride = .message(title: "MOD ERROR", text: failure.message + "\n\nThe previous version of the mods is used.\n\nr new game · q quit")
        }
        seed = config.seed ?? environment.newSeed()
        game = Game(rules: rules, source: .seeded(seed))
        recorder = ReplayRecorder(rules: identity, source: .seeded(seed))
        replaySaved = false
        reloadPending = false
        mode = overlayOverride == nil ? .playing : .paused
        lastWall = now
        resetKeys()
        startClock()
        loadBest(environment)
        kindColors = Self.colors(for: rules.pieces, mode: config.colorMode)
        checkSize()
    }

    /// The game ended: its replay saved, its place in the high scores, the summary.
    mutating func finish(_ environment: PlayEnvironment) {
        mode = .over
        resetKeys()
        let state = game.state
        saveReplay(environment)
        if case .over(.ruleError(let error)) = state.phase {
            var text = error.description
            if let traceback = error.traceback, !traceback.isEmpty {
                text += "\n" + traceback.split(separator: "\n", omittingEmptySubsequences: false).prefix(5).joined(separator: "\n")
            }
            text += "\n\nThe game stopped here; its replay was saved.\n\nr new game · q quit"
            overlayOverride = .report(title: "MOD ERROR", text: text)
            return
        }
        var result: GameResult?
        if case .over(.finished(let finished)) = state.phase { result = finished }
        let date = environment.date()
        let entry = HighScore(score: state.score, lines: state.lines, level: state.level, result: result?.value,
                              resultLabel: result?.label, date: date.shown, seed: String(seed))
        let outcome = environment.store.saveHighScore(entry, key: HighScoreTable.key(for: identity),
                                                      lowerIsBetter: result?.lowerIsBetter)
        let rows = outcome.table.enumerated().map { index, score in
            var label = String(score.date.dropFirst(5).prefix(5))
            if let value = score.result { label = "\(value) \(score.resultLabel ?? "") " + label }
            return HighScoreEntry(score: score.score, lines: score.lines, level: score.level, label: label,
                                  isLatest: index == outcome.rank)
        }
        var reason = GameOverSummary.describe(state.phase.reason ?? .blockedSpawn)
        if let message = outcome.message { reason += ". " + message }
        overlayOverride = .gameOver(GameOverSummary(reason: reason, table: rows, hint: "r new game · q quit"))
    }

    mutating func loadBest(_ environment: PlayEnvironment) {
        best = environment.store.highScores(key: HighScoreTable.key(for: identity)).map(\.score).max()
    }

    /// Asks for the replay of the game to be saved (once).
    mutating func saveReplay(_ environment: PlayEnvironment) {
        guard !replaySaved else { return }
        replaySaved = true
        effects.append(.saveReplay(recorder.finish(game.state), name: "\(environment.date().file)-\(seed)"))
    }

    /// A game left before its end (quit, new game, a signal) is recorded too, once the
    /// player did anything (a move, a turn, a drop): a game started and left untouched is not.
    mutating func saveAbandonedReplay(_ environment: PlayEnvironment) {
        guard !replaySaved, game.state.isOver || recorder.replay.actions.contains(where: { $0 != .gravity }) else { return }
        saveReplay(environment)
    }

    // MARK: - Hot reload

    /// Rebuilds the rules from the mods' files, between pieces, keeping the board and score.
    mutating func reload(at now: UInt64) {
        reloadPending = false
        switch provider.make() {
        case .failure(let failure):
            notice("RELOAD FAILED", failure.message + "\n\nThe previous version stays in play.", at: now)
        case .success(let fresh):
            let state = game.state
            guard fresh.boardWidth == state.board.width, fresh.boardHeight == state.board.height,
                  fresh.pieces == state.pieces else {
                notice("RELOAD POSTPONED", "The board size or the pieces changed; press r for a new game to play them.", at: now)
                return
            }
            rules = fresh
            identity = provider.identity(fresh)
            game = Game(rules: fresh, state: state)
            recorder.noteReload()
            let names = identity.mods.map { "\($0.id) \($0.version)" }.joined(separator: ", ")
            notice("RELOADED", names + "\n\nThe board and score are kept; this game's replay is marked as reloaded.", at: now)
        }
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
