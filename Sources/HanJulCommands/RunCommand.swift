import HanJulSystem
import HanJulCommandLine
import HanJulCore
import HanJulFiles
import HanJulRender
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
                                   help: "record the game as a replay (the format: REPLAY.md with the README); with '-' the replay goes to standard output and the result to standard error")

    static let board = Option("--board", value: "FILE", kind: .input,
                              help: "start on the board drawn in FILE: rows of '.' and piece letters (any letter the rules know), filling the bottom")
    static let level = Option("--level", value: "N", help: "start at level N (1 to 10000); the level never falls below it")
    static let lines = Option("--lines", value: "N", help: "start with N lines already cleared (0 to 1000000); the level follows them")

    static let declaration = Command(
        "run", summary: "play one scripted game headlessly and print the result",
        synopsis: ["(--seed N | --pieces LETTERS) (--actions SCRIPT | --actions-file FILE) "
                   + "[--board FILE] [--level N] [--lines N] [--json] [--save-replay FILE] [--mod ID]... [--mods-dir DIR]..."],
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
                + "(the gravity interval at the current level; 0: instant gravity, 20G), callouts (what the rules announced), time_ms "
                + "(the game clock: the sum of W actions), result_format (how the rules' result reads: {name, "
                + "unit, lower_is_better} or null; units ms, pieces, lines, points, count), goal ({lines, "
                + "lines_left} or null), rule_error (what ended the game as {mod, hook, location, message}, or null) "
                + "and warnings (hook failures the game went on from with a default, each once per mod and hook, in "
                + "the same form; without --json each is a warning line on standard error), and finesse (faults: for "
                + "each piece, the presses beyond the fewest that reach where it locked from where it entered under the "
                + "rules' own turns; a run of L or R that ends against the wall or stack is one held press, a run of D "
                + "one soft drop held; H, X, G and W are no presses), and statistics (the end-of-game page: pieces, pps, "
                + "keys_per_piece, finesse, singles, doubles, triples, quads, spins, max_combo, back_to_back, time_ms).",
            "--board, --level and --lines start the game elsewhere than on an empty board at level 1 (the rules' "
                + "on_start and the first piece then see that board); a replay cannot hold such a start yet, so "
                + "they do not go with --save-replay.",
            "  hanjul run --pieces IOT --actions \"H LLH\" --json\n  hanjul run --seed 1 --level 10 --board ledge.txt --actions \"RRRR\" --json",
        ],
        options: [seed, pieces, actions, actionsFile, board, level, lines, json, saveReplay] + ModOptions.options)

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitStatus {
        let request = try RunOptions(arguments)
        try request.validate()
        return try start(request)
    }

    /// Loads the rules and plays the game `request` describes.
    static func start(_ request: RunOptions) throws(UsageError) -> ExitStatus {
        let (seed, pieces, script, scriptFile) = (request.seed, request.pieces, request.script, request.scriptFile)
        let (json, replayPath, mods, start) = (request.json, request.replayPath, request.mods, request.start)
        if !mods.isStandard {
            switch mods.loadRules() {
            case .success(let rules):
                return try play(rules, identity: rules.identity, seed: seed, pieces: pieces, script: script,
                                scriptFile: scriptFile, json: json, replayPath: replayPath, start: start)
            case .failure(let error):
                // Bad usage still reports as such, before blaming the mod.
                _ = try parseSource(seed: seed, pieces: pieces, in: .standard)
                StandardError.write("hanjul run: \(error)")
                return .loading(error)
            }
        }
        return try play(StandardRules(), identity: .standard, seed: seed, pieces: pieces, script: script,
                        scriptFile: scriptFile, json: json, replayPath: replayPath, start: start)
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
                               scriptFile: String?, json: Bool, replayPath: String?,
                               start: StartOptions = StartOptions()) throws(UsageError) -> ExitStatus {
        let source = try parseSource(seed: seed, pieces: pieces, in: rules.pieces)
        let gameStart = try start.gameStart(for: rules)
        let text: String
        switch (script, scriptFile) {
        case (let script?, nil): text = script
        case (nil, let path?): text = try readScript(path)
        case (nil, nil): throw UsageError("give --actions SCRIPT (or --actions-file FILE)")
        case (_?, _?): throw UsageError("give --actions or --actions-file, not both")
        }
        let actions: [Action]
        do { actions = try ActionScript.parse(text, allowing: rules.actions) } catch { throw UsageError(error.description) }

        var game = Game(rules: rules, source: source, start: gameStart)
        var recorder = ReplayRecorder(rules: identity, source: source)
        var finesse = FinesseTracker(game.state, countsActions: true)
        var statistics = PlayStatistics()
        for action in actions {
            game.apply(action)
            if json {
                finesse.note(action, game: game)
                statistics.count(game.state.events)
            }
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
                                       resultFormat: rules.resultFormat, goal: rules.goal, warnings: rules.warnings,
                                       finesse: finesse, statistics: {
                                           var figures = statistics
                                           figures.finesseFaults = finesse.faults
                                           figures.presses = finesse.presses
                                           return figures
                                       }())
                                  : GameReport.text(game.state, rules: identity),
                    data: json)
        // The game went on past these, so the exit status stays 0; but nothing is silent
        // (with --json they are in the object, and standard error keeps to one line).
        if !json { for warning in rules.warnings { StandardError.write("warning: \(warning)") } }
        if case .over(.ruleError(let error)) = game.state.phase {
            StandardError.write(error.description)
            return .modError
        }
        return .success
    }

    /// `--board FILE`, `--level N`, `--lines N`, read and checked against the rules.
    struct StartOptions {
        var boardPath: String?
        var level = 1
        var lines = 0

        init() {}

        init(_ arguments: Arguments) throws(UsageError) {
            boardPath = arguments.value(RunCommand.board)
            if let text = arguments.value(RunCommand.level) {
                level = try Int.parseCount(text, option: "--level", limit: GameStart.maxLevel)
            }
            if let text = arguments.value(RunCommand.lines) {
                guard let value = Int(text), (0...GameStart.maxLines).contains(value) else {
                    throw UsageError("--lines \(CommandLineText.quoted(text)) is not a whole number from 0 to \(GameStart.maxLines)")
                }
                lines = value
            }
        }

        var isStandard: Bool { boardPath == nil && level == 1 && lines == 0 }

        /// The start, its board read from the file (as large as a typed script may be) and
        /// drawn in the rules' size and letters.
        func gameStart<R: Rules>(for rules: R) throws(UsageError) -> GameStart {
            var start = GameStart(lines: lines, level: level)
            guard let boardPath else { return start }
            let text = try RunCommand.readText(boardPath, option: "--board", maxBytes: 1 << 20)
            do throws(BoardTextError) {
                start.board = try Board(text, width: rules.boardWidth, height: rules.boardHeight, pieces: rules.pieces)
            } catch {
                let letters = rules.pieces.kinds.map { String($0.letter) }.joined(separator: " ")
                throw UsageError("--board \(CommandLineText.quoted(boardPath)): \(error) (the rules' letters: \(letters); "
                                 + "the board is \(rules.boardWidth) wide and \(rules.boardHeight) high)")
            }
            return start
        }
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
        try readText(path, option: "--actions-file", maxBytes: 64 << 20)
    }

    /// A text file an option names (`-`: standard input), at most `maxBytes`.
    static func readText(_ path: String, option: String, maxBytes: Int) throws(UsageError) -> String {
        let bytes: [UInt8]
        if StandardStreams.isStream(path) {
            bytes = try StandardStreams.readInput(maxBytes: maxBytes, what: option)
        } else {
            do throws(FileError) {
                bytes = try SafeFile.read(path, maxBytes: maxBytes)
            } catch {
                throw UsageError("\(option): cannot read \(CommandLineText.quoted(path)): \(error.reason)")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw UsageError("\(option): \(CommandLineText.quoted(path)) is not UTF-8 text")
        }
        return text
    }
}
