import HanJulCommandLine
import HanJulCore
import HanJulFiles
import HanJulMods
import HanJulPlay
import HanJulRender
import HanJulTerminal

/// `hanjul replay [--verify] FILE.hjvs`: a versus match replay (VersusReplay), verified by
/// playing every game's moves again through a referee, or watched on two boards.
extension ReplayCommand {
    /// The match replay in `bytes`, or nil when they are not one.
    static func versusReplay(_ bytes: [UInt8], path: String) -> Result<VersusReplay, VersusBotError>? {
        guard VersusReplay.looksLike(bytes) else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .failure(VersusBotError("\(path): not UTF-8 text")) }
        do throws(VersusReplay.ParseError) { return .success(try VersusReplay(parsing: text)) } catch {
            return .failure(VersusBotError("\(path): \(error)"))
        }
    }

    static func runVersus(_ replay: VersusReplay, path: String, verify: Bool, mods: ModOptions, ascii: Bool) -> ExitStatus {
        if replay.mods.isEmpty {
            return versus(replay, path: path, verify: verify, ascii: ascii) { VersusRules(rules: StandardRules()) }
        }
        let catalog = mods.catalog
        let make: () throws -> VersusRules<LuaRules> = {
            let rules = try catalog.rules(replay.mods)
            return VersusRules(rules: rules, garbage: rules.garbage ?? GarbageRules()) { state throws(RuleError) in try rules.attack(after: state) }
        }
        do { _ = try make() } catch {
            StandardError.write("hanjul replay: \(path): the match's mods do not load: \(error)")
            return .modError
        }
        return versus(replay, path: path, verify: verify, ascii: ascii, make: make)
    }

    static func versus<R: Rules>(_ replay: VersusReplay, path: String, verify: Bool, ascii: Bool,
                                 make: @escaping () throws -> VersusRules<R>) -> ExitStatus {
        guard verify else {
            let first: [VersusRules<R>]
            do { first = [try make(), try make()] } catch {
                StandardError.write("hanjul replay: \(path): the match's mods do not load: \(error)")
                return .modError
            }
            let environment = TerminalEnvironment.current()
            let (style, colorMode) = RenderStyle.choose(ascii: ascii, environment: environment)
            let config = PlayConfig(style: style, colorMode: colorMode)
            let result = PlayDriver.run(environment: environment, watchedFolders: [], dataDirectory: nil) { size, now in
                PlaySession.versusReplay(replay, first: first, make: make, config: config, size: size, now: now,
                                         environment: PlayEnvironment.live(store: FileStore(dataDirectory: nil)))
            }
            if case .failure(let error) = result {
                StandardError.write("hanjul replay: \(error); to check a replay without a terminal, use 'hanjul replay --verify FILE'")
                return .usage
            }
            return .success
        }
        for index in replay.games.indices {
            if let problem = replay.verify(game: index, make: make) {
                say("diverged: \(problem)")
                return .failure
            }
        }
        let moves = replay.games.reduce(0) { $0 + $1.moves.count }
        let score = replay.score
        say("match: \(replay.games.count) game\(replay.games.count == 1 ? "" : "s"), \(moves) moves, score \(score[0]) : \(score[1]) "
            + "(you against \(replay.bot) at \(replay.piecesPerSecond) pps\(replay.mods.isEmpty ? "" : ", mods " + replay.mods.joined(separator: " ")))")
        return .success
    }
}
