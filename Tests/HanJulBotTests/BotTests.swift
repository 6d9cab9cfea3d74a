import HanJulCore
import HanJulBot
import Testing

/// The bots through the real engine.
@Suite struct BotTests {
    @Test(arguments: [PlacementSearch.Mode.fast, .full])
    func neverPlaysAnUnreachablePlacement(mode: PlacementSearch.Mode) throws {
        // Each chosen path, applied to the real game, locks the piece where the bot meant to.
        for kind in [BotKind.eltetris, .random] {
            var game = Game(rules: StandardRules(), source: .seeded(7))
            var bot = Bot(BotConfig(kind: kind, search: mode), seed: 7)
            var placed = 0
            while !game.state.isOver && placed < (mode == .fast ? 150 : 40) {
                let placement = try #require(try bot.choose(game))
                let before = game.state.piecesLocked
                var locked: [Piece] = []
                for action in bot.search.actions(of: placement) {
                    game.apply(action)
                    for case .locked(let piece) in game.state.events { locked.append(piece) }
                }
                #expect(locked == [placement.piece])
                #expect(game.state.piecesLocked == before + 1)
                placed += 1
            }
        }
    }
}
