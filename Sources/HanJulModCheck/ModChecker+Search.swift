import HanJulCore
import HanJulMods

extension ModChecker {
    // MARK: The bot's search copy

    /// The bot searches a separate copy of the mods (`LuaRules.lookahead`), whose `rotate`
    /// hook sees the piece the search turns and no last move (`game:last_move()` is nil
    /// there: the search tries places, not paths). A hook that decides from anything the
    /// copy cannot know (the last move, counters it keeps) turns pieces one way in the game
    /// and another in the search, and the bot then plans moves the game refuses. This plays
    /// a bot game with random moves mixed in and, before each action, asks the game's rules
    /// and the copy for every turn of the piece in play: they must agree. Nil when no mod
    /// defines `rotate` (the copy then asks no Lua).
    func searchCopy() -> Outcome? {
        let name = "search copy"
        let seed = options.firstSeed
        let rules: LuaRules, script: [Action]
        do throws(ModLoadError) {
            let probe = try freshRules()
            guard probe.defines(.rotate) else { return nil }
            script = botScript(seed: seed, pieces: options.botPieces, rules: probe, noise: probe.actions)
            rules = try freshRules()
        } catch {
            return Outcome(name: name, passed: false, detail: "\(error)")
        }
        let copy = rules.lookahead
        var turns: [(word: String, ask: (LuaRules, Piece, GameState) throws(RuleError) -> (piece: Piece, kick: Int)?)] = [
            ("clockwise", { rules, piece, state throws(RuleError) in try rules.rotated(piece, state: state) }),
        ]
        if rules.allowsCounterclockwise {
            turns.append(("counter-clockwise", { rules, piece, state throws(RuleError) in try rules.rotatedCounterclockwise(piece, state: state) }))
        }
        if rules.allowsHalfTurn {
            turns.append(("half", { rules, piece, state throws(RuleError) in try rules.rotatedHalfTurn(piece, state: state) }))
        }
        func answer(_ ask: (LuaRules, Piece, GameState) throws(RuleError) -> (piece: Piece, kick: Int)?, _ rules: LuaRules,
                    _ state: GameState) -> String {
            do throws(RuleError) {
                guard let (piece, kick) = try ask(rules, state.piece, state) else { return "refuses it" }
                return "turns it to rotation \(piece.rotation) at \(piece.x), \(piece.y) (kick \(kick))"
            } catch {
                return "fails: \(error)"
            }
        }
        var game = Game(rules: rules, source: .seeded(seed))
        var asked = 0
        for (index, action) in script.enumerated() {
            if game.state.isOver { break }
            if game.state.hasPiece {
                let state = game.state
                for turn in turns {
                    asked += 1
                    let inGame = answer(turn.ask, rules, state), inSearch = answer(turn.ask, copy, state)
                    guard inGame != inSearch else { continue }
                    let piece = state.piece
                    let last = state.lastMove.map { "after \(ActionScript.text(of: [$0]))" } ?? "right after it entered"
                    return Outcome(name: name, passed: false, detail: """
                        seed \(seed), before action \(index + 1) (\(last)): a \(turn.word) turn of the \
                        \(state.pieces.kinds[piece.kind].letter) at \(piece.x), \(piece.y), rotation \(piece.rotation): \
                        the game's rotate \(inGame), the bot's search copy's \(inSearch). The search copy sees the piece \
                        it turns and no last move (game:last_move() is nil there): a rotate hook must decide from its \
                        arguments and the board, not from game:last_move() or state it keeps, or the bot plans turns \
                        the game refuses.
                        reproduce: hanjul run\(modsDirArguments)\(modArguments) --seed \(seed) --actions '\(ActionScript.text(of: Array(script.prefix(index))))'
                        """)
                }
            }
            game.apply(action)
        }
        return Outcome(name: name, passed: true,
                       detail: "\(asked) turns asked of the game and of the bot's search copy over \(script.count) actions: the same answers")
    }
}
