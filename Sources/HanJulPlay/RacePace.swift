import HanJulCore
import HanJulRender

/// A race against the best game of its table: the game clock at every `every` lines (a
/// 40-line sprint: 10, 20, 30, 40), the best game's worked out from its replay, this
/// game's as it is played, and the difference at the latest split.
///
/// ```
/// var pace = RacePace(best: RacePace.splits(of: replay, game: Game(rules: rules, source: replay.source), every: 10, goal: 40)!)
/// pace.note(lines: state.lines, at: state.elapsedMilliseconds)
/// pace.difference   // -1234: 1.234 s ahead at the latest split
/// ```
struct RacePace: Equatable {
    /// The split size in lines.
    static let every = 10

    /// The best game's clock (milliseconds) when it reached `every`, `2 × every`, … lines.
    let best: [Int]
    /// This game's clock at the splits it reached so far.
    private(set) var splits: [Int] = []

    init(best: [Int]) {
        self.best = best
    }

    /// Notes the lines cleared by `milliseconds` of the game clock: every split reached
    /// since the last note is timed then.
    mutating func note(lines: Int, at milliseconds: Int) {
        while splits.count < best.count && lines >= (splits.count + 1) * Self.every {
            splits.append(milliseconds)
        }
    }

    /// This game's time minus the best game's at the latest split reached (negative:
    /// ahead); nil before the first.
    var difference: Int? {
        guard let last = splits.indices.last else { return nil }
        return splits[last] - best[last]
    }

    /// The clock of a recorded game at each `every` lines up to `goal`, played again
    /// through `game` (fresh rules of the replay's kind and source); nil when it does not
    /// reach the first split.
    static func splits<R: Rules>(of replay: Replay, game: Game<R>, every: Int = RacePace.every, goal: Int) -> [Int]? {
        guard every > 0 else { return nil }
        var game = game
        var times: [Int] = []
        let count = goal / every
        for action in replay.actions {
            guard times.count < count, !game.state.isOver else { break }
            game.apply(action)
            while times.count < count && game.state.lines >= (times.count + 1) * every {
                times.append(game.state.elapsedMilliseconds)
            }
        }
        return times.isEmpty ? nil : times
    }
}

extension RacePace {
    /// The pace of a race with a line goal (a sprint) against the best game of its table
    /// (`replay`, played again with `fresh` rules); nil when the rules are no such race or
    /// the replay is of other rules.
    static func against<R: Rules>(_ replay: Replay, rules fresh: R, key: String) -> RacePace? {
        guard fresh.isTimed, let goal = fresh.goal?.lines, goal >= every, HighScoreTable.key(for: replay.rules) == key else { return nil }
        return splits(of: replay, game: Game(rules: fresh, source: replay.source), goal: goal).map(RacePace.init)
    }
}
