import HanJulBot
import HanJulCommandLine
import HanJulCore
import HanJulMods
import HanJulPlay
import HanJulRender
import HanJulSim

/// `hanjul play --versus bot [--bot NAME] [--pps N] [--best-of N]`: a versus match against
/// the bot in the terminal (VersusScreen), under the standard rules or `--mod`s with an
/// `attack` hook and `garbage` table.
extension PlayCommand {
    static let versus = Option("--versus", value: "bot", kind: .choice(["bot"]),
                               help: "play a versus match against the bot: two boards, garbage by the mods' attack table (without --mod: guideline and versus)")
    static let versusBot = Option("--bot", value: "NAME", kind: .choice(SimOptions.botNames),
                                  help: "with --versus: the bot to play against (default eltetris; attack plays for spins and combos), "
                                      + "as sim's --bot takes it: attack,hard, or tbp:'COMMAND' for a Tetris Bot Protocol bot")
    static let versusLevel = Option("--bot-level", value: "LEVEL", kind: .choice(SimOptions.levelNames),
                                    help: "with --versus: the bot's strength (\(SimOptions.levelNames.joined(separator: ", "))): its mistakes, "
                                        + "the attack bot's search and its pace unless --pps gives one (README, \"Bot levels\")")
    static let versusPace = Option("--pps", value: "N", help: "with --versus: the bot's pace in pieces per second (default 1)")
    static let bestOf = Option("--best-of", value: "N", help: "with --versus: games in the match, the first to win more than half wins it (default 3)")
    static let versusOptions = [versus, versusBot, versusLevel, versusPace, bestOf]

    /// A bot for the play screen: its placement as the moves that play it (a hold alone,
    /// when it holds first: the next plan is for the piece the hold brought in).
    static func planner<R: Rules>(_ config: BotConfig) -> (UInt64) -> (Game<R>) -> Result<[Action]?, VersusBotError> {
        { seed in
            let box = BotBox(Bot(config, seed: seed))
            return { game in
                do {
                    guard let placement = try box.bot.choose(game) else { return .success(nil) }
                    return .success(placement.holds ? [.hold] : Array(box.bot.search.actions(of: placement)))
                } catch {
                    return .failure(VersusBotError(config.kind == .tbp ? "\(error)" : "bot: \(error)"))
                }
            }
        }
    }

    final class BotBox {
        var bot: Bot
        init(_ bot: Bot) { self.bot = bot }
    }

    static func runVersus(_ request: PlayOptions.Versus, mods: ModOptions, config: PlayConfig,
                          environment: [String: String], playEnvironment: PlayEnvironment, dataDirectory: String?) -> ExitStatus {
        if mods.isStandard {
            let setup = VersusSetup<StandardRules>(make: { VersusRules(rules: StandardRules()) }, mods: [], botName: request.botName,
                                                   piecesPerSecond: request.pps, bestOf: request.bestOf, newBot: planner(request.bot))
            return startVersus(setup, config: config, environment: environment, playEnvironment: playEnvironment, dataDirectory: dataDirectory)
        }
        let make: () throws -> VersusRules<LuaRules> = {
            let rules = try mods.loadRules(command: "play").get()
            return rules.versusSide
        }
        do { _ = try make() } catch {
            StandardError.write("hanjul play: \(error)")
            return .modError
        }
        let setup = VersusSetup<LuaRules>(make: make, mods: mods.ids, botName: request.botName, piecesPerSecond: request.pps,
                                          bestOf: request.bestOf, newBot: planner(request.bot))
        return startVersus(setup, config: config, environment: environment, playEnvironment: playEnvironment, dataDirectory: dataDirectory)
    }

    static func startVersus<R: Rules>(_ setup: VersusSetup<R>, config: PlayConfig, environment: [String: String],
                                      playEnvironment: PlayEnvironment, dataDirectory: String?) -> ExitStatus {
        finish(PlayDriver.run(environment: environment, watchedFolders: [], dataDirectory: dataDirectory, colorMode: config.colorMode) { size, now in
            // The rules loaded once already: a failure here is as good as impossible; the
            // match then shows nothing but its heading.
            (try? PlaySession.versus(setup: setup, config: config, size: size, now: now, environment: playEnvironment))
                ?? PlaySession.game(provider: RulesProvider.standard,
                                    rules: StandardRules(), config: config, size: size, now: now, environment: playEnvironment)
        })
    }

    /// The Modes page's Versus row: a match session under the mods `ids` (from the menu's search path).
    static func versusSession(_ ids: [String], bot name: String, pps: Double, options: ModOptions, config: PlayConfig, size: Size,
                              now: UInt64, environment: PlayEnvironment) -> Result<PlaySession, RulesFailure> {
        var bot = BotConfig()
        (try? SimOptions.parseBot(name, option: "--bot"))?.apply(to: &bot)
        do {
            if ids.isEmpty {
                let setup = VersusSetup<StandardRules>(make: { VersusRules(rules: StandardRules()) }, mods: [], botName: name,
                                                       piecesPerSecond: pps, bestOf: 3, newBot: planner(bot))
                return .success(try PlaySession.versus(setup: setup, config: config, size: size, now: now, environment: environment))
            }
            let catalog = options.catalog
            let make: () throws -> VersusRules<LuaRules> = {
                let rules = try catalog.rules(ids)
                return rules.versusSide
            }
            let setup = VersusSetup<LuaRules>(make: make, mods: ids, botName: name, piecesPerSecond: pps, bestOf: 3, newBot: planner(bot))
            return .success(try PlaySession.versus(setup: setup, config: config, size: size, now: now, environment: environment))
        } catch {
            return .failure(RulesFailure("versus: \(error)"))
        }
    }
}
