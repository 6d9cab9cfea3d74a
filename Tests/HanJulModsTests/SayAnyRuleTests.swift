import HanJulBot
import HanJulCore
@testable import HanJulMods
import Testing

/// #22 item 4: `after_move`, `game:move_piece`/`set_piece`, `hanjul.standard.kicks/rotate/
/// spawn`, and rotation states by letter (`rotations`), with Mods/ars.
@Suite struct SayAnyRuleTests {
    let fx = ModFixtures()

    func rules(_ id: String, _ body: String, prelude: String = "") throws -> LuaRules {
        fx.write(id, ModFixtures.source(id: id, body, prelude: prelude))
        return try fx.rules(id)
    }

    func game(_ rules: LuaRules, _ pieces: String, board: String? = nil) throws -> Game<LuaRules> {
        let kinds = pieces.map { rules.pieces.kind(forLetter: $0)! }
        let start = GameStart(board: try board.map { try Board($0, pieces: rules.pieces) })
        return Game(rules: rules, source: .sequence(kinds), start: start)
    }

    func play(_ game: inout Game<LuaRules>, _ script: String) throws {
        for action in try ActionScript.parse(script) { game.apply(action) }
    }

    static let twentyG = """
          on_spawn = function(game) while game:move_piece(0, 1) do end end,
          after_move = function(game) while game:move_piece(0, 1) do end end,
        """

    // MARK: after_move

    @Test func afterMoveSeesEverySuccessfulMoveByItsWord() throws {
        let rules = try rules("moves", """
              after_move = function(_, move) print(move) end,
            """)
        var game = try game(rules, "T")
        // L moves, R moves, C turns, D falls, G falls, a slide into the wall does nothing.
        try play(&game, "L R C D G LLLLLL H")
        let log = rules.mods[0].log
        #expect(log == ["left", "right", "rotate", "soft_drop", "soft_drop", "left", "left", "left", "left"])
    }

    @Test func twentyGByHandKeepsAPieceSlidOffALedgeOnTheStack() throws {
        let rules = try rules("drop", Self.twentyG)
        let ledge = "IIIIII....\nIIIIII....\nIIIIII....\nIIIIII...."
        var game = try game(rules, "O", board: ledge)
        #expect(game.state.piece.y == 14, "on_spawn dropped the O onto the ledge")
        try play(&game, "R")
        #expect(game.state.piece.y == 14, "still resting on the ledge's last column")
        try play(&game, "R")
        #expect(game.state.piece == Piece(kind: game.state.piece.kind, rotation: 0, x: 5, y: 18), "slid off, it fell to the floor")
        #expect(game.state.events.contains { if case .moved(let p) = $0 { p.y == 18 } else { false } })
        #expect(!game.state.isOver)
        // The same slides under the standard rules: the O hovers at the top.
        var standard = Game(rules: StandardRules(), source: .sequence([1]),
                            start: GameStart(board: try Board(ledge, pieces: .standard)))
        standard.apply(.right)
        standard.apply(.right)
        #expect(standard.state.piece.y == 0)
    }

    @Test func aSpinDroppedByAHookKeepsItsTurnAsTheLastMove() throws {
        let rules = try rules("drop", Self.twentyG)
        var game = try game(rules, "TT")
        try play(&game, "C")
        #expect(game.state.lastMove == .rotate)
        #expect(game.state.piece.y == 17)
    }

    @Test func movePieceRefusesWhereNoPieceIsInPlay() throws {
        let rules = try rules("early", """
              after_lock = function(game) game:move_piece(0, 1) end,
            """)
        var game = try game(rules, "O")
        game.apply(.hardDrop)
        guard case .over(.ruleError(let error)) = game.state.phase else {
            Issue.record("after_lock's move_piece should end the game")
            return
        }
        #expect(error.description.contains("game.move_piece: only after_move, on_spawn, on_tick and on_top_out may move the piece in play, not after_lock"))
    }

    @Test func setPieceChecksItsArgumentsAndFit() throws {
        let rules = try rules("swap", """
              on_spawn = function(game)
                t = {
                  game:set_piece { kind = "I", rotation = 1 },          -- fits: true
                  game:set_piece { y = 30 },                            -- off the board: false
                  select(1, game:piece()), select(2, game:piece()),
                  pcall(game.set_piece, game, { kind = "Q" }),
                  select(2, pcall(game.set_piece, game, { kind = "Q" })),
                  select(2, pcall(game.set_piece, game, { rotation = 9 })),
                  select(2, pcall(game.set_piece, game, { colour = 1 })),
                  select(2, pcall(game.move_piece, game, 99, 0)),
                }
                for _, v in ipairs(t) do print(tostring(v)) end
              end,
            """, prelude: "local t")
        _ = try game(rules, "O")
        let log = rules.mods[0].log
        #expect(log.count == 9)
        #expect(Array(log.prefix(5)) == ["true", "false", "I", "1", "false"])
        #expect(log[5].contains("game.set_piece: 'Q' is not a piece letter (I O T S Z J L)"))
        #expect(log[6].contains("game.set_piece: rotation 9 is not one of the 4 of 'I'"))
        #expect(log[7].contains("game.set_piece: unknown field 'colour' (use kind, rotation, x, y)"))
        #expect(log[8].contains("game.move_piece: dx and dy must be from -64 to 64 (got 99, 0)"))
    }

    @Test func rulesWithoutAfterMoveDoNotObserveMoves() throws {
        #expect(!StandardRules().observesMoves)
        #expect(try !repositoryRules("standard").observesMoves)
        #expect(try rules("drop", Self.twentyG).observesMoves)
    }

    // MARK: hanjul.standard

    @Test func aRotateHookFallsBackToTheDefault() throws {
        // The same turns (and kick indexes) as the kick table alone, but an O that never turns.
        let hooked = try rules("fallback", """
              kicks = { default = { {0, 0}, {1, 0}, {-1, 0} } },
              rotate = function(game, letter, rotation, x, y, direction)
                if letter == "O" then return nil end
                return hanjul.standard.rotate(game, letter, rotation, x, y, direction)
              end,
            """)
        let plain = try rules("plain", "kicks = { default = { {0, 0}, {1, 0}, {-1, 0} } },")
        for seed in 1...4 as ClosedRange<UInt64> {
            var a = Game(rules: hooked, source: .seeded(seed)), b = Game(rules: plain, source: .seeded(seed))
            var random = SplitMix64(seed: seed)
            let actions: [Action] = [.left, .right, .rotate, .rotate, .softDrop, .hardDrop, .gravity]
            for _ in 0..<600 where !a.state.isOver {
                let action = actions[random.below(actions.count)]
                let isO = a.state.pieces.kinds[a.state.piece.kind].letter == "O"
                a.apply(action)
                if action == .rotate && isO { continue }
                b.apply(action)
                #expect(a.state.piece == b.state.piece && a.state.lastKick == b.state.lastKick)
                if a.state.piece != b.state.piece { return }
            }
        }
    }

    @Test func kicksAndSpawnAreTheRulesOwn() throws {
        let rules = try rules("ask", """
              kicks = { default = { {0, 0}, {1, 0} }, I = { {0, 0} } },
              on_spawn = function(game)
                local k = hanjul.standard.kicks("T", 0, 1)
                local i = hanjul.standard.kicks("I", 0, 1)
                print(#k, k[2][1], k[2][2], #i, select("#", hanjul.standard.spawn(game, "I")), hanjul.standard.spawn(game, "I"))
                print(select(2, pcall(hanjul.standard.kicks, "Q", 0, 1)))
                print(select(2, pcall(hanjul.standard.rotate, game, "T", 0, 3, 0, 5)))
              end,
            """)
        _ = try game(rules, "T")
        let log = rules.mods[0].log
        #expect(log.first == #"2\t1\t0\t1\t3\t3\t0\t0"#, "print separates with tabs, shown escaped in the log")
        #expect(log.count == 3 && log[1].contains("'Q' is not a piece letter"))
        #expect(log.count == 3 && log[2].contains("direction must be 1 (clockwise), -1 (counter-clockwise) or 2 (a half turn), not 5"))
    }

    // MARK: rotations

    @Test func rotationsReplaceOnlyTheKindsNamed() throws {
        let rules = try rules("flat", """
              rotations = { T = { { {0, 1}, {1, 1}, {2, 1}, {1, 2} } } },
            """)
        let t = rules.pieces.kind(forLetter: "T")!
        #expect(rules.pieces.rotationCount(of: t) == 1)
        #expect(rules.pieces.kinds[t].color == PieceSet.standard.kinds[t].color)
        for kind in 0..<7 where kind != t { #expect(rules.pieces.kinds[kind] == PieceSet.standard.kinds[kind]) }
        #expect(rules.searchesTurnsAtLanding)
    }

    @Test func aRotationsLetterOutsideTheSetIsALoadError() throws {
        fx.write("bad", ModFixtures.source(id: "bad", "rotations = { Q = { { {0, 0} } } },"))
        #expect(throws: ModLoadError.self) { try fx.rules("bad") }
        do { _ = try fx.rules("bad") } catch {
            #expect("\(error)".contains("rotations.Q: 'Q' is not a piece letter (I O T S Z J L)"))
        }
        fx.write("shape", ModFixtures.source(id: "shape", "rotations = { T = 3 },"))
        do { _ = try fx.rules("shape"); Issue.record("should not load") } catch {
            #expect("\(error)".contains("rotations.T must be a list of 1 to 8 rotation states"))
        }
    }

    @Test func arsIsAnARSLikeRotationSystemInUnderThirtyLines() throws {
        let source = try String(contentsOfFile: repositoryMods + "/ars/mod.lua", encoding: .utf8)
        let code = source.split(separator: "\n").filter {
            let line = $0.drop { $0 == " " }
            return !line.isEmpty && !line.hasPrefix("--")
        }
        #expect(code.count < 30, "Mods/ars has \(code.count) lines of rule code")
        let rules = try repositoryRules("ars")
        let set = rules.pieces
        for letter: Character in ["I", "S", "Z"] { #expect(set.rotationCount(of: set.kind(forLetter: letter)!) == 2) }
        // Bottom-aligned: the T's spawn state has an empty top row, pointing down.
        let t = set.kind(forLetter: "T")!
        #expect(Set(set.kinds[t].rotations[0].map { [$0.x, $0.y] }) == [[0, 1], [1, 1], [2, 1], [1, 2]])
        #expect(rules.kickTable.offsets(kind: t, from: 0, to: 1) == [Cell(x: 0, y: 0), Cell(x: 1, y: 0), Cell(x: -1, y: 0)])
        #expect(rules.kickTable.offsets(kind: set.kind(forLetter: "I")!, from: 0, to: 1) == [Cell(x: 0, y: 0)])
    }

    // MARK: The bot under a rotation system of a mod's own

    @Test func theBotTurnsWhereThePieceLandsUnderItsOwnRotationSystem() throws {
        // A stack with overhangs: some places are reached only by turning a piece where it
        // landed (soft drops there, a turn with ARS's kicks, a drop). Each such path, played
        // through the real rules, locks the piece exactly where the search said.
        let rules = try repositoryRules("ars")
        let board = "..........\n...III....\nII.I...III\nII.II..III"
        var landing = 0
        for letter in "IOTSZJL" {
            let game = try game(rules, String(letter), board: board)
            let placements = try PlacementSearch.placements(.fast, in: game.state, rules: rules.lookahead)
            for (piece, actions) in placements where actions.contains(.softDrop) {
                landing += 1
                var played = game
                for action in actions { played.apply(action) }
                #expect(played.state.piecesLocked == 1)
                #expect(played.state.events.contains(.locked(piece)), "\(letter): \(ActionScript.text(of: actions))")
            }
        }
        #expect(landing > 0, "no placement needed a turn where the piece landed")
        // The same search under the standard rules turns only at spawn, as before.
        for rules in [try repositoryRules("standard"), try repositoryRules("modern")] {
            #expect(!rules.searchesTurnsAtLanding)
            let game = try game(rules, "T", board: board)
            let placements = try PlacementSearch.placements(.fast, in: game.state, rules: rules)
            #expect(!placements.contains { $0.actions.contains(.softDrop) })
        }
        #expect(!StandardRules().searchesTurnsAtLanding)
        #expect(try repositoryRules("guideline").searchesTurnsAtLanding)
    }

    @Test func theDefaultBotPlaysTurnsWhereThePieceLandedUnderARS() throws {
        // The issue's symptom was a bot that never used a kick: under ARS it now chooses
        // placements that need a turn where the piece landed, and plays them without fault.
        let rules = try repositoryRules("ars")
        var game = Game(rules: rules, source: .seeded(1))
        var bot = Bot(BotConfig(), seed: 1)
        var landing = 0
        var recorder: ReplayRecorder? = nil
        while game.state.piecesLocked < 300 && !game.state.isOver {
            let placement = try #require(try bot.choose(game))
            if bot.search.actions(of: placement).contains(.softDrop) { landing += 1 }
            #expect(bot.commit(placement, to: &game, recording: &recorder) == .locked)
        }
        #expect(landing > 0, "300 pieces and no turn where a piece landed")
    }
}
