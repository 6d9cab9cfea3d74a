import HanJulCommandLine
import HanJulCore
import HanJulFiles
import HanJulMods
import HanJulPlay
import HanJulPlayerFiles
import HanJulRender
import HanJulReplay
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

    static func runVersus(_ replay: VersusReplay, path: String, verify: Bool, force: Bool, mods: ModOptions, ascii: Bool) -> ExitStatus {
        if replay.mods.isEmpty {
            return versus(replay, path: path, verify: verify, ascii: ascii) { VersusRules(rules: StandardRules()) }
        }
        let catalog = mods.catalog
        let make: () throws -> VersusRules<LuaRules> = {
            let rules = try catalog.rules(replay.mods)
            return rules.versusSide
        }
        let installed: [RulesIdentity.Mod]
        do { installed = try make().rules.identity.mods } catch {
            StandardError.write("hanjul replay: \(path): the match's mods do not load: \(error)")
            return .modError
        }
        if let differences = modDifferences(replay, installed: installed) {
            // As for an .hjr (ReplayCommand.replay): refused unless --force.
            let message = "\(path): the mods differ from those it was recorded with: " + differences
            guard force else {
                StandardError.write("hanjul replay: \(message); refusing (pass --force to try anyway)")
                return .failure
            }
            StandardError.write("hanjul replay: warning: \(message); \(verify ? "verifying" : "playing") anyway")
        }
        return versus(replay, path: path, verify: verify, ascii: ascii, make: make)
    }

    /// What differs between the mods `replay` recorded and those `installed`, in words; nil
    /// when they match or the file records no versions (format 1).
    static func modDifferences(_ replay: VersusReplay, installed: [RulesIdentity.Mod]) -> String? {
        guard !replay.recordedMods(match: installed) else { return nil }
        func named(_ mod: RulesIdentity.Mod) -> String { "\(mod.id) \(mod.version) (sha256 \(mod.sha256.prefix(12))…)" }
        var lines = zip(replay.modLocks, installed).filter { $0 != $1 }.map { "\(named($0)) was recorded; \(named($1)) is installed" }
        if replay.modLocks.count != installed.count {
            lines.append("\(replay.modLocks.count) mod\(replay.modLocks.count == 1 ? "" : "s") recorded, \(installed.count) loaded")
        }
        return lines.joined(separator: "; ")
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
        let result = verdict(of: replay, make: make)
        say(result.line)
        return result.matches ? .success : .failure
    }

    /// Every game of `replay` played again under `make`'s rules: `match: …` or `diverged: …`.
    static func verdict<R: Rules>(of replay: VersusReplay, make: () throws -> VersusRules<R>) -> (matches: Bool, line: String) {
        for index in replay.games.indices {
            if let problem = replay.verify(game: index, make: make) { return (false, "diverged: \(problem)") }
        }
        let moves = replay.games.reduce(0) { $0 + $1.moves.count }
        let score = replay.yourScore
        let against = replay.announced ? "the peer" : "\(replay.bot) at \(replay.piecesPerSecond) pps"
        return (true, "match: \(replay.games.count) game\(replay.games.count == 1 ? "" : "s"), \(moves) moves, score \(score[0]) : \(score[1]) "
            + "(you against \(against)\(replay.mods.isEmpty ? "" : ", mods " + replay.mods.joined(separator: " ")))")
    }
}
