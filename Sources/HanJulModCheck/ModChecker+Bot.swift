import HanJulBot
import HanJulCore
import HanJulMods
import HanJulReplay

extension ModChecker {
    // MARK: The bot

    /// Actions that place `pieces` pieces with HanJulBot's one bot (the simulator's), which
    /// searches through the rules' lookahead: a separate copy of the mod when it has spawn
    /// or rotate hooks, so the mod's Lua state sees only the moves actually played.
    /// `noise` adds a few random moves before a piece now and then.
    func botScript(seed: UInt64, pieces: Int, rules: LuaRules, noise: Set<Action.Kind>? = nil, waits: Bool = false,
                   start: GameStart = GameStart()) -> [Action] {
        var game = Game(rules: rules, source: .seeded(seed), start: start)
        var bot = Bot(BotConfig(), seed: seed)
        var random = HanJulCore.SplitMix64(seed: seed ^ 0xB07)
        var recorder: ReplayRecorder? = ReplayRecorder(rules: rules.identity, source: .seeded(seed))
        func played() -> Int { recorder?.replay.actions.count ?? 0 }
        while game.state.piecesLocked < pieces && !game.state.isOver && played() <= pieces * 40 {
            let locked = game.state.piecesLocked
            if let noise, random.below(4) == 0 {
                for action in Self.randomScript(seed: random.next(), length: 3, actions: noise, waits: waits)
                where !game.state.isOver && game.state.piecesLocked == locked {
                    game.apply(action)
                    recorder?.record(action, state: game.state)
                }
                if game.state.isOver || game.state.piecesLocked != locked { continue }
            }
            // Noise that locked a piece under an entry delay: the next piece comes in first.
            if let wait = game.enterNext() { recorder?.record(wait, state: game.state) }
            // A rule error met while searching ends the game when it is played: stop here.
            guard let placement = try? bot.choose(game) else { break }
            _ = bot.commit(placement, to: &game, recording: &recorder)
            if game.state.piecesLocked == locked && !game.state.isOver { break }
        }
        return recorder?.replay.actions ?? []
    }

    /// Records a bot game under the mod as a golden replay (`hanjul check MOD --record FILE`).
    public func recordReplay(seed: UInt64, pieces: Int) throws(ModLoadError) -> (replay: Replay, state: GameState) {
        let script = botScript(seed: seed, pieces: pieces, rules: try freshRules())
        let rules = try freshRules()
        var game = Game(rules: rules, source: .seeded(seed))
        var recorder = ReplayRecorder(rules: rules.identity, source: .seeded(seed))
        for action in script {
            game.apply(action)
            recorder.record(action, state: game.state)
        }
        return (recorder.finish(game.state), game.state)
    }
}
