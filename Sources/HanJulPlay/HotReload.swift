import HanJulCore

/// The hot-reload policy of a game under mods: when the mods' files change, fresh rules
/// are asked for at once (`.makeRules(.reload)`); they replace the game's between pieces
/// (or at once while paused), keeping the board and score, unless the board size or the
/// pieces changed. Also counts the mod warnings already shown.
struct HotReload {
    /// Rules built after the files changed (or why not), waiting for the next piece.
    var pending: Result<MadeRules, RulesFailure>?
    /// How many of `rules.warnings` a notice has shown.
    var warningsShown = 0

    /// What the rules built do to the game.
    enum Decision<R: Rules> {
        /// They did not load: the previous version stays in play.
        case failed(String)
        /// The board size or the pieces changed: only a new game can play them.
        case postponed
        /// They replace the game's rules.
        case replace(R, MadeRules)
    }

    /// Takes the pending rules, if any: what they do to a game in `state`.
    mutating func take<R: Rules>(for state: GameState, as type: R.Type) -> Decision<R>? {
        guard let result = pending else { return nil }
        pending = nil
        switch result {
        case .failure(let failure):
            return .failed(failure.message)
        case .success(let made):
            guard let fresh = made.rules(as: R.self), fresh.boardWidth == state.board.width,
                  fresh.boardHeight == state.board.height, fresh.pieces == state.pieces else { return .postponed }
            return .replace(fresh, made)
        }
    }
}
