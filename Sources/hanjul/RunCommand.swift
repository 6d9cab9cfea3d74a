import Glibc
import HanJulCommandLine
import HanJulCore
import HanJulFiles
import HanJulReplay

/// `hanjul run`: one scripted headless game.
enum RunCommand {
    static let seed = Option("--seed", value: "N", help: "deal from the seeded 7-bag; N is 0 to 2^64-1, decimal or 0x hex")
    static let pieces = Option("--pieces", value: "LETTERS",
                               help: "deal these piece kinds in this order (IOTSZJL), repeating from the start when they run out")
    static let actions = Option("--actions", value: "SCRIPT", help: "the actions to play (see above)")
    static let actionsFile = Option("--actions-file", value: "FILE", kind: .input, help: "read the actions from FILE")
    static let json = Option.flag("--json", help: "print the result as exactly one JSON object on one line")
    static let saveReplay = Option("--save-replay", value: "FILE", kind: .output,
                                   help: "record the game as a replay (docs/REPLAY.md); with '-' the replay goes to standard output and the result to standard error")

    static let declaration = Command(
        "run", summary: "play one scripted game headlessly and print the result",
        synopsis: ["(--seed N | --pieces LETTERS) (--actions SCRIPT | --actions-file FILE) "
                   + "[--json] [--save-replay FILE] [--mod ID]... [--mods-dir DIR]..."],
        discussion: [
            "Action scripts use L and R (move), C (rotate clockwise), D (soft drop one row, locking when blocked), "
                + "H (hard drop, 2 points per row), G (a gravity tick), W<ms> (time passing: the game clock, and the "
                + "lock timer under rules with lock delay); "
                + "rules that allow them add A (rotate counter-clockwise), F (rotate 180 degrees) and X (hold). "
                + "Whitespace is ignored.",
            "Without --json the board is drawn as text with the piece in play in lower case, then the score, "
                + "lines, level and state. The JSON object has board (top row first), score, lines, level, over, "
                + "piece, dealt, mods, result ({name, value, lower_is_better, unit} or null), reason (playing, "
                + "blocked_spawn, topped_out, finished or rule_error), error (the message or null), gravity_ms "
                + "(the gravity interval at the current level), callouts (what the rules announced), time_ms "
                + "(the game clock: the sum of W actions), result_format (how the rules' result reads: {name, "
                + "unit, lower_is_better} or null; units ms, pieces, lines, points, count), goal ({lines, "
                + "lines_left} or null), rule_error (what ended the game as {mod, hook, location, message}, or null) "
                + "and warnings (hook failures the game went on from with a default, each once per mod and hook, in "
                + "the same form; also written to standard error).",
            "  hanjul run --pieces IOT --actions \"H LLH\" --json",
        ],
        options: [seed, pieces, actions, actionsFile, json, saveReplay] + ModOptions.options)

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitStatus {
        let seed = arguments.value(Self.seed)
        let pieces = arguments.value(Self.pieces)
        let script = arguments.value(actions)
        let scriptFile = arguments.value(actionsFile)
        let json = arguments.flag(Self.json)
        let replayPath = arguments.value(saveReplay)
        let mods = try ModOptions(arguments)

        if !mods.isStandard {
            switch mods.loadRules() {
            case .success(let rules):
                return try play(rules, identity: rules.identity, seed: seed, pieces: pieces, script: script,
                                scriptFile: scriptFile, json: json, replayPath: replayPath)
            case .failure(let error):
                // Bad usage still reports as such, before blaming the mod.
                _ = try parseSource(seed: seed, pieces: pieces, in: .standard)
                StandardError.write("hanjul run: \(error)")
                return .modError
            }
        }
        return try play(StandardRules(), identity: .standard, seed: seed, pieces: pieces, script: script,
                        scriptFile: scriptFile, json: json, replayPath: replayPath)
    }

    static func parseSource(seed: String?, pieces: String?, in set: PieceSet) throws(UsageError) -> PieceSource {
        switch (seed, pieces) {
        case (let seed?, nil): return .seeded(try UInt64.parseSeed(seed, option: "--seed"))
        case (nil, let letters?): return .sequence(try parsePieces(letters, in: set))
        case (nil, nil): throw UsageError("give --seed N or --pieces LETTERS")
        case (_?, _?): throw UsageError("give --seed or --pieces, not both")
        }
    }

    static func play<R: Rules>(_ rules: R, identity: RulesIdentity, seed: String?, pieces: String?, script: String?,
                               scriptFile: String?, json: Bool, replayPath: String?) throws(UsageError) -> ExitStatus {
        let source = try parseSource(seed: seed, pieces: pieces, in: rules.pieces)
        let text: String
        switch (script, scriptFile) {
        case (let script?, nil): text = script
        case (nil, let path?): text = try readScript(path)
        case (nil, nil): throw UsageError("give --actions SCRIPT (or --actions-file FILE)")
        case (_?, _?): throw UsageError("give --actions or --actions-file, not both")
        }
        let actions: [Action]
        do { actions = try ActionScript.parse(text, allowing: rules.actions) } catch { throw UsageError(error.description) }

        var game = Game(rules: rules, source: source)
        var recorder = ReplayRecorder(rules: identity, source: source)
        for action in actions {
            game.apply(action)
            if replayPath != nil { recorder.record(action, state: game.state) }
        }
        let report = Report(toStandardError: replayPath.map(StandardStreams.isStream) ?? false)
        if let replayPath {
            let replay = recorder.finish(game.state)
            if StandardStreams.isStream(replayPath) {
                StandardStreams.writeOutput(ReplayFile.encode(replay))
            } else {
                do throws(FileError) {
                    try ReplayFile.write(replay, toOutput: replayPath)
                } catch {
                    StandardError.write("hanjul run: \(error.playerMessage(saving: "the replay"))")
                    return .failure
                }
            }
        }
        report.line(json ? GameReport.json(game.state, rules: identity, gravityMilliseconds: rules.gravityInterval(level: game.state.level),
                                       resultFormat: rules.resultFormat, goal: rules.goal, warnings: rules.warnings)
                                  : GameReport.text(game.state, rules: identity))
        // The game went on past these, so the exit status stays 0; but nothing is silent.
        for warning in rules.warnings { StandardError.write("warning: \(warning)") }
        if case .over(.ruleError(let error)) = game.state.phase {
            StandardError.write(error.description)
            return .modError
        }
        return .success
    }

    /// Piece letters of `--pieces`, whitespace ignored.
    static func parsePieces(_ letters: String, in set: PieceSet) throws(UsageError) -> [Int] {
        var kinds: [Int] = []
        var position = 0
        for character in letters {
            position += 1
            if character.isWhitespace { continue }
            guard let kind = set.kind(forLetter: character) else {
                let known = set.kinds.map { String($0.letter) }.joined(separator: " ")
                throw UsageError("--pieces: \(CommandLineText.quoted(String(character))) at position \(position) is not a piece letter (use \(known))")
            }
            kinds.append(kind)
        }
        guard !kinds.isEmpty else { throw UsageError("--pieces needs at least one piece letter") }
        return kinds
    }

    private static func readScript(_ path: String) throws(UsageError) -> String {
        let bytes: [UInt8]
        if StandardStreams.isStream(path) {
            bytes = try StandardStreams.readInput(maxBytes: 64 << 20, what: "--actions-file")
        } else {
            do throws(FileError) {
                bytes = try SafeFile.read(path, maxBytes: 64 << 20)
            } catch {
                throw UsageError("--actions-file: cannot read \(CommandLineText.quoted(path)): \(error.reason)")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw UsageError("--actions-file: \(CommandLineText.quoted(path)) is not UTF-8 text")
        }
        return text
    }
}
