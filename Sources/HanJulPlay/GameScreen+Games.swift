import HanJulCore
import HanJulRender
import HanJulTerminal

extension GameScreen {
    /// A new game: fresh rules (a mod's Lua state lives for one game) and seed.
    mutating func restart(at now: UInt64, environment: PlayEnvironment) {
        saveAbandonedReplay(environment)
        overlayOverride = nil
        ending = nil
        namePrompt = nil
        showsStatistics = false
        switch provider.make() {
        case .success(let fresh):
            rules = fresh
            identity = provider.identity(fresh)
            warningsShown = 0
        case .failure(let failure):
            // Keep the rules of the last game; say why the fresh ones did not load.
            overlayOverride = .message(title: "MOD ERROR", text: failure.message + "\n\nThe previous version of the mods is used.\n\nr new game · q \(config.quitWord)")
        }
        seed = config.seed ?? environment.newSeed()
        timed = TimedGame(game: Game(rules: rules, source: .seeded(seed)),
                          recorder: ReplayRecorder(rules: identity, source: .seeded(seed)))
        replaySaved = false
        reloadPending = false
        statistics = PlayStatistics()
        finesse = FinesseTracker(game.state)
        callout = []
        calloutUntil = 0
        mode = overlayOverride == nil ? .playing : .paused
        lastWall = now
        resetKeys()
        loadBest(environment)
        kindColors = Self.colors(for: rules.pieces, mode: config.colorMode, light: config.isLight)
        checkSize()
    }

    /// The game ended (or the player ended it from the pause box, `byPlayer`: the score
    /// stands as at a top-out): its replay saved, its place in the high scores, the summary.
    mutating func finish(_ environment: PlayEnvironment, byPlayer: Bool = false) {
        mode = .over
        overSince = lastWall
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
        let date = environment.date()
        let named = environment.names.name ?? config.playerName
        let entry = HighScore(score: state.score, lines: state.lines, level: state.level, result: result?.value,
                              resultLabel: result?.label, resultUnit: result?.unit.rawValue, date: date.shown, seed: String(seed),
                              name: named, replay: replayName.map { $0 + ".hjr" })
        let key = HighScoreTable.key(for: identity)
        let outcome = environment.store.saveHighScore(entry, key: key, lowerIsBetter: result?.lowerIsBetter)
        var reason: String
        if let result {
            reason = "\(result.label): \(result.text)"
            if outcome.rank == 0 && outcome.table.count > 1 { reason += " (a new best)" }
        } else if byPlayer {
            reason = "You ended the game"
        } else {
            reason = GameOverSummary.describe(state.phase.reason ?? .blockedSpawn)
        }
        if let message = outcome.message { reason += ". " + message }
        ending = Ending(title: result == nil ? byPlayer ? "ENDED" : "GAME OVER" : "FINISHED", reason: reason, key: key, table: outcome.table,
                        rank: outcome.rank, entry: entry)
        // A game in its table's top 10 asks who played it (the saved entry has the
        // remembered name meanwhile, so a quit or a signal now keeps that one).
        if let rank = outcome.rank, rank < HighScoreTable.limit, outcome.table.indices.contains(rank) {
            namePrompt = named ?? ""
        }
        showEnding()
    }

    /// The end screen from `ending`: the table (the new entry's name as typed while the
    /// name prompt is up) and the keys that work now.
    mutating func showEnding() {
        guard let ending else { return }
        if showsStatistics && namePrompt == nil {
            overlayOverride = .report(title: "STATISTICS", text: statistics.pageText(milliseconds: playedMilliseconds)
                                        + "\n\nTab results · r new game · q \(config.quitWord)")
            return
        }
        let rows = ending.table.enumerated().map { index, score in
            var row = HighScoreEntry(score: score.score, lines: score.lines, level: score.level,
                                     label: String(score.date.dropFirst(5).prefix(5)), isLatest: index == ending.rank)
            row.result = score.resultText
            row.name = score.name
            if index == ending.rank, let typed = namePrompt { row.name = typed + "_" }
            return row
        }
        let hint: String
        if let typed = namePrompt {
            hint = "your name: \(typed)_ · Enter save · Esc keep"
        } else {
            hint = "Tab statistics · r new game · q \(config.quitWord)"
        }
        var summary = GameOverSummary(title: ending.title, reason: ending.reason, table: rows, hint: hint)
        // A finished race against the best game before it.
        if let pace, pace.splits.count == pace.best.count, let difference = pace.difference,
           case .over(.finished)? = Optional(game.state.phase) {
            summary.pace = HUD.formatDifference(difference)
        }
        overlayOverride = .gameOver(summary)
    }

    /// A key while the name prompt is up: printable characters (as `HighScore.cleanName`
    /// keeps them, at most `HighScore.nameLimit`) and space type, Backspace deletes, Enter
    /// saves the name (and remembers it in settings.conf), Esc keeps the name the entry was
    /// saved with, Ctrl-C quits (that name kept).
    mutating func nameKey(_ key: Key, environment: PlayEnvironment) {
        guard var typed = namePrompt else { return }
        switch key {
        case .character(let character):
            let text = String(character)
            if HighScore.cleanName(text) == text, typed.count < HighScore.nameLimit { typed.append(character) }
            namePrompt = typed
        case .space:
            if !typed.isEmpty, typed.last != " ", typed.count < HighScore.nameLimit - 1 { typed.append(" ") }
            namePrompt = typed
        case .backspace:
            if !typed.isEmpty { typed.removeLast() }
            namePrompt = typed
        case .enter:
            namePrompt = nil
            saveName(typed, environment: environment)
        case .escape:
            namePrompt = nil
        case .control("c"):
            namePrompt = nil
            showEnding()
            quit(environment)
            return
        default:
            return
        }
        showEnding()
    }

    /// The name typed at a top-10 game's end: the table entry renamed, the name remembered.
    mutating func saveName(_ typed: String, environment: PlayEnvironment) {
        guard var ending else { return }
        let cleaned = HighScore.cleanName(typed)
        let name = cleaned.isEmpty ? nil : cleaned
        if name != ending.entry.name {
            let outcome = environment.store.renameHighScore(ending.entry, to: name, key: ending.key)
            if let rank = outcome.rank {
                ending.table = outcome.table
                ending.rank = rank
                ending.entry = outcome.table[rank]
            }
            if let message = outcome.message { ending.reason += ". " + message }
        }
        if let name, let problem = environment.names.remember(name) { ending.reason += ". " + problem }
        self.ending = ending
    }

    /// Milliseconds played: a race's clock as the engine was told it, else the play clock.
    var playedMilliseconds: Int {
        rules.isTimed && game.state.isOver ? game.state.elapsedMilliseconds : Int(clock / 1_000_000)
    }

    /// The panel's BEST: the best score, or for a race (a table ranked by results) the
    /// best result in its unit.
    mutating func loadBest(_ environment: PlayEnvironment) {
        let table = environment.store.highScores(key: HighScoreTable.key(for: identity))
        best = table.map(\.score).max()
        bestText = table.first?.resultText
        pace = loadPace(best: table.first, environment: environment)
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
        pace?.note(lines: state.lines, at: state.elapsedMilliseconds)
        let lines = announced.isEmpty ? facts.map { PlayStatistics.callout(for: $0, ascii: config.style.isASCII) } ?? [] : announced
        guard !lines.isEmpty else { return }
        callout = Array(lines.suffix(Layout.calloutRows))
        calloutUntil = clock &+ Self.calloutDuration
    }

    /// Asks for the replay of the game to be saved (once); the name asked for.
    @discardableResult
    mutating func saveReplay(_ environment: PlayEnvironment) -> String? {
        guard !replaySaved else { return nil }
        replaySaved = true
        let name = "\(environment.date().file)-\(seed)"
        effects.append(.saveReplay(recorder.finish(game.state), name: name))
        return name
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
            warningsShown = 0
            timed.replaceGame(Game(rules: fresh, reloading: state))
            let names = identity.mods.map { "\($0.id) \($0.version)" }.joined(separator: ", ")
            notice("RELOADED", names + "\n\nThe board and score are kept; this game's replay is marked as reloaded.", at: now)
        }
    }

    /// A notice for each hook failure the game went on from (`Rules.warnings`), once: the
    /// player sees that the mod does not play as written.
    mutating func noteWarnings(at now: UInt64) {
        let warnings = rules.warnings
        guard warnings.count > warningsShown else { return }
        let new = warnings[warningsShown...].map(\.description)
        warningsShown = warnings.count
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
