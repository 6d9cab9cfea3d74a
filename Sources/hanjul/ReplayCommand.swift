#if canImport(Glibc)
import Glibc
#endif
import HanJulCore
import HanJulMods
import HanJulPlay
import HanJulRender
import HanJulReplay
import HanJulTerminal

/// `hanjul replay FILE` plays a recorded game back in the terminal; `hanjul replay --verify
/// FILE` re-runs it headlessly and reports a match or the first divergence.
enum ReplayCommand {
    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        var reader = ArgumentReader(arguments)
        let verify = reader.flag("--verify")
        let force = reader.flag("--force")
        let ascii = reader.flag("--ascii")
        var mods = try ModOptions(&reader)
        guard mods.ids.isEmpty else { throw UsageError("a replay names its own mods; --mod does not apply") }
        let files = reader.remainingPositionals()
        try reader.finish()
        guard files.count == 1, let path = files.first else { throw UsageError("give one replay FILE") }
        if !verify {
            for (descriptor, name) in [(STDIN_FILENO, "standard input"), (STDOUT_FILENO, "standard output")] where isatty(descriptor) != 1 {
                StandardError.write("hanjul replay: \(name) is not a terminal; to check a replay without one, use 'hanjul replay --verify FILE'")
                return .usage
            }
        }
        let replay: Replay
        do throws(ReplayFile.ReadError) {
            replay = try ReplayFile.read(path)
        } catch {
            StandardError.write("hanjul replay: \(path): \(error)")
            return .usage
        }
        if verify, let first = replay.reloads.first {
            StandardError.write("hanjul replay: \(path): the mods were reloaded during this game (first before action \(first + 1)), so its rules changed mid-game and --verify cannot check it")
            return .failure
        }
        if replay.rules.mods.isEmpty {
            guard replay.rules.name == RulesIdentity.standard.name || force else {
                StandardError.write("hanjul replay: \(path): recorded under rules '\(replay.rules.name)' without a mod list; refusing (pass --force to try the standard rules)")
                return .failure
            }
            if !verify {
                return watch(replay, makeGame: { Game(rules: StandardRules(), source: replay.source) }, modNames: [], ascii: ascii)
            }
            return report(replay.verify(with: Game(rules: StandardRules(), source: replay.source)), replay)
        }
        mods.ids = replay.rules.mods.map(\.id)
        let rules: LuaRules
        switch mods.loadRules(command: "replay") {
        case .success(let loaded): rules = loaded
        case .failure(let error):
            StandardError.write("hanjul replay: \(path) needs mods \(mods.ids.joined(separator: ", ")): \(error)")
            return .modError
        }
        let installed = rules.identity
        if replay.rules != installed {
            let differences = zip(replay.rules.mods, installed.mods).filter { $0 != $1 }.map { recorded, here in
                "\(recorded.id) \(recorded.version) (sha256 \(recorded.sha256.prefix(12))…) was recorded; \(here.id) \(here.version) (sha256 \(here.sha256.prefix(12))…) is installed"
            }
            let message = "\(path): the mods differ from those it was recorded with: " + differences.joined(separator: "; ")
            guard force else {
                StandardError.write("hanjul replay: \(message); refusing (pass --force to try anyway)")
                return .failure
            }
            StandardError.write("hanjul replay: warning: \(message); \(verify ? "verifying" : "playing") anyway")
        }
        if !verify {
            let loader = mods
            return watch(replay, makeGame: {
                // A mod's Lua state lives for one game: each start from the beginning builds it afresh.
                let fresh = (try? loader.catalog.rules(loader.ids)) ?? rules
                return Game(rules: fresh, source: replay.source)
            }, modNames: rules.manifests.map { "\($0.name) \($0.version)" }, ascii: ascii)
        }
        return report(replay.verify(with: Game(rules: rules, source: replay.source)), replay)
    }

    static func watch<R: Rules>(_ replay: Replay, makeGame: @escaping () -> Game<R>, modNames: [String], ascii: Bool) -> ExitStatus {
        LuaPanicHandler.install()
        let environment = TerminalEnvironment.current()
        let (style, colorMode) = RenderStyle.choose(ascii: ascii, environment: environment)
        let config = PlayConfig(style: style, colorMode: colorMode)
        let playEnvironment = PlayEnvironment.live(store: FileStore(dataDirectory: nil))
        let result = PlayDriver.run(environment: environment, watchedFolders: [], dataDirectory: nil) { size, now in
            PlaySession.replay(replay, makeGame: makeGame, modNames: modNames, config: config, size: size, now: now,
                               environment: playEnvironment)
        }
        switch result {
        case .success(.quit): return .success
        case .success(.inputClosed): return .failure
        case .failure(let error):
            StandardError.write("hanjul replay: \(error); to check a replay without a terminal, use 'hanjul replay --verify FILE'")
            return .usage
        }
    }

    static func report(_ verdict: ReplayVerdict, _ replay: Replay) -> ExitStatus {
        switch verdict {
        case .match(let checkpoints, let final):
            print("match: \(replay.actions.count) actions, \(checkpoints) checkpoints; final score \(final.score), lines \(final.lines), level \(final.level)\(final.isOver ? ", game over" : "")")
            return .success
        case .diverged(let expected, let actual):
            print("diverged at piece \(expected.piecesLocked), action \(expected.action): expected \(describe(expected)); got \(describe(actual))")
            return .failure
        }
    }

    static func describe(_ c: Checkpoint) -> String {
        "pieces \(c.piecesLocked), score \(c.score), lines \(c.lines), level \(c.level), \(c.isOver ? "over" : "playing"), checksum \(String(c.checksum, radix: 16))"
    }
}
