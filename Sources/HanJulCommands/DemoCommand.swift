import HanJulBot
import HanJulCommandLine
import HanJulCore
import HanJulSim

/// `hanjul demo`: a seeded game of the standard rules played by the simulation bot, printed
/// as text every few pieces (for a terminal-less look at the game).
enum DemoCommand {
    static let declaration = Command(
        "demo", summary: "watch the simulation bot play a standard game, printed as text",
        options: [])

    static func run(_ arguments: Arguments) -> ExitStatus {
        var game = Game(rules: StandardRules(), source: .seeded(2026))
        var bot = Bot(BotConfig(), seed: 2026)
        var shown = 0
        while game.state.piecesLocked < 60 && bot.play(&game) {
            if game.state.piecesLocked / 15 > shown {
                shown = game.state.piecesLocked / 15
                say(GameReport.text(game.state) + "\n")
            }
        }
        say("That was the bot playing the standard rules. Play yourself with: hanjul play")
        return .success
    }
}
