import HanJulSystem
import HanJulCommandLine
import HanJulCore
import HanJulFiles
import HanJulMods
import HanJulPlay
import HanJulPlayerFiles
import HanJulRender
import HanJulReplay
import HanJulTerminal

/// `hanjul replay FILE` plays a recorded game back in the terminal; `hanjul replay --verify
/// FILE` re-runs it headlessly and reports a match or the first divergence.
enum ReplayCommand {
    static let verify = Option.flag("--verify", help: "re-run the game headlessly and report a match or the first divergence")
    static let force = Option.flag("--force", help: "play or verify even when the installed mods differ from those recorded")
    static let ascii = Option.flag("--ascii", help: "draw with ASCII only (the default under a locale that is not UTF-8)")
    static let unicode = Option.flag("--unicode", help: "draw with UTF-8 characters even under a locale that is not UTF-8")

    static let declaration = Command(
        "replay", summary: "watch a recorded game in the terminal, or check that it replays the same",
        synopsis: ["FILE [--ascii | --unicode]", "--verify FILE [--force] [--mods-dir DIR]..."],
        discussion: [
            "While watching: + and - change the speed (1/4x to 16x), p or Space pauses, . steps one action on and "
                + ", one back, left/right or [ ] seek by a tenth of the game, g then a number and Enter goes to that "
                + "piece, r starts again, q quits. A replay names the exact rules that made it (each mod's id, "
                + "version and SHA-256) and is refused under other rules unless --force. --verify exits 0 on a "
                + "match and 1 on a divergence, naming the piece and action and the expected and actual state. "
                + "The replay's mods are looked for in each --mods-dir DIR first, then ./Mods and the data folders "
                + "(see 'hanjul mods').",
        ],
        operands: [Operand("FILE", kind: .input, help: "a replay (.hjr) or versus match (.hjvs), e.g. from ~/.local/share/hanjul/replays",
                           missing: "give one replay FILE")],
        options: [verify, force, ascii, unicode, ModOptions.modsDir],
        misplaced: ["--mod": "a replay names its own mods; --mod does not apply"])

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitStatus {
        let request = try ReplayRun(arguments)
        try request.validate()
        return try replay(request)
    }

    /// Watches or verifies the replay `request` names.
    static func replay(_ request: ReplayRun) throws(UsageError) -> ExitStatus {
        let (verify, force, ascii, file) = (request.verify, request.force, request.drawsASCII, request.file)
        var mods = request.mods
        let fromInput = request.fromInput
        let path = fromInput ? "standard input" : CommandLineText.shown(file)
        if !verify {
            if let name = StandardStreams.notATerminal {
                StandardError.write("hanjul replay: \(name) is not a terminal; to check a replay without one, use 'hanjul replay --verify FILE'")
                return .usage
            }
        }
        let input = fromInput ? try StandardStreams.readInput(maxBytes: 64 << 20, what: "hanjul replay") : nil
        // A versus match replay (.hjvs) is text of its own: ReplayCommand+Versus.
        if let bytes = input ?? (try? SafeFile.read(file, maxBytes: VersusReplay.maxBytes)), let match = versusReplay(bytes, path: path) {
            switch match {
            case .success(let replay): return runVersus(replay, path: path, verify: verify, force: force, mods: mods, ascii: ascii)
            case .failure(let problem):
                StandardError.write("hanjul replay: \(problem.message)")
                return .usage
            }
        }
        let replay: Replay
        do throws(ReplayFile.ReadError) {
            if let input {
                replay = try ReplayFile.decode(bytes: input)
            } else {
                replay = try ReplayFile.read(file)
            }
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
            if let problem = replay.problem(under: StandardRules()) {
                StandardError.write("hanjul replay: \(path): \(problem)")
                return .failure
            }
            if !verify {
                return watch(replay, provider: .standard, rules: StandardRules(), ascii: ascii)
            }
            return report(replay.verify(with: Game(rules: StandardRules(), source: replay.source)), replay)
        }
        mods.ids = replay.rules.mods.map(\.id)
        let rules: LuaRules
        switch mods.loadRules(command: "replay") {
        case .success(let loaded): rules = loaded
        case .failure(let error):
            var hint = ""
            if case .notFound = error { hint = "; for mods kept elsewhere, add --mods-dir DIR (the folder that holds the mod's folder)" }
            StandardError.write("hanjul replay: \(path) needs mods \(mods.ids.joined(separator: ", ")): \(error)\(hint)")
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
        if let problem = replay.problem(under: rules) {
            StandardError.write("hanjul replay: \(path): \(problem)")
            return .failure
        }
        if !verify {
            // A mod's Lua state lives for one game: each start from the beginning builds it
            // afresh, quarantine-checked like the first (L-24).
            return watch(replay, provider: PlayCommand.luaProvider(mods, command: "replay"), rules: rules, ascii: ascii)
        }
        return report(replay.verify(with: Game(rules: rules, source: replay.source)), replay)
    }

    static func watch<R: Rules>(_ replay: Replay, provider: RulesProvider<R>, rules: R, ascii: Bool) -> ExitStatus {
        LuaPanicHandler.install()
        let environment = TerminalEnvironment.current()
        let (style, colorMode) = RenderStyle.choose(ascii: ascii, environment: environment)
        let config = PlayConfig(style: style, colorMode: colorMode)
        let playEnvironment = PlayEnvironment.live(store: FileStore(dataDirectory: nil))
        let result = PlayDriver.run(environment: environment, watchedFolders: [], dataDirectory: nil) { size, now in
            PlaySession.replay(replay, provider: provider, rules: rules, config: config, size: size, now: now,
                               environment: playEnvironment)
        }
        switch result {
        case .success(.quit): return .success
        case .success(.inputClosed), .success(.versusEnded): return .failure
        case .failure(let error):
            StandardError.write("hanjul replay: \(error); to check a replay without a terminal, use 'hanjul replay --verify FILE'")
            return .usage
        }
    }

    static func report(_ verdict: ReplayVerdict, _ replay: Replay) -> ExitStatus {
        switch verdict {
        case .match(let checkpoints, let final):
            say("match: \(replay.actions.count) actions, \(checkpoints) checkpoints; final score \(final.score), lines \(final.lines), level \(final.level)\(final.isOver ? ", game over" : "")")
            return .success
        case .diverged(let expected, let actual):
            say("diverged at piece \(expected.piecesLocked), action \(expected.action): expected \(describe(expected)); got \(describe(actual))")
            return .failure
        }
    }

    static func describe(_ c: Checkpoint) -> String {
        "pieces \(c.piecesLocked), score \(c.score), lines \(c.lines), level \(c.level), \(c.isOver ? "over" : "playing"), checksum \(String(c.checksum, radix: 16))"
    }
}
