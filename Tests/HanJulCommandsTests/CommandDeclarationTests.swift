import HanJulCommandLine
import HanJulSim
@testable import HanJulCommands
import Testing

/// Each command's declaration built in-process from its arguments (parsed as
/// `CommandLineTool.dispatch` parses them): `init` reads the values, `validate` accepts what
/// goes together and refuses the rest with the message the CLI prints after "hanjul NAME: ".
@Suite struct CommandDeclarationTests {
    static func arguments(_ command: Command, _ words: [String]) throws(UsageError) -> Arguments {
        guard case .run(let arguments) = try command.parse(words) else { throw UsageError("asked for help") }
        return arguments
    }

    /// The message `body` throws, or nil when it throws nothing.
    static func refusal(_ body: () throws(UsageError) -> Void) -> String? {
        do throws(UsageError) {
            try body()
            return nil
        } catch {
            return error.message
        }
    }

    static func play(_ words: [String]) throws(UsageError) -> PlayOptions { try PlayOptions(arguments(PlayCommand.declaration, words)) }
    static func replay(_ words: [String]) throws(UsageError) -> ReplayRun { try ReplayRun(arguments(ReplayCommand.declaration, words)) }
    static func run(_ words: [String]) throws(UsageError) -> RunOptions { try RunOptions(arguments(RunCommand.declaration, words)) }
    static func check(_ words: [String]) throws(UsageError) -> CheckRun { try CheckRun(arguments(CheckCommand.declaration, words)) }
    static func bench(_ words: [String]) throws(UsageError) -> BenchRun { try BenchRun(arguments(BenchCommand.declaration, words)) }
    static func versus(_ words: [String]) throws(UsageError) -> VersusRun { try VersusRun(arguments(VersusCommand.declaration, words)) }
    static func stats(_ words: [String]) throws(UsageError) -> StatsRun { try StatsRun(arguments(StatsCommand.declaration, words)) }
    static func compare(_ words: [String]) throws(UsageError) -> CompareRun { try CompareRun(arguments(CompareCommand.declaration, words)) }
    static func compareVersus(_ words: [String]) throws(UsageError) -> CompareVersusRun {
        let arguments = try arguments(CompareCommand.declaration, words)
        return try CompareVersusRun(arguments, pair: arguments.value(CompareCommand.versus) ?? "")
    }
    static func simVersus(_ words: [String]) throws(UsageError) -> SimVersusRun {
        let arguments = try arguments(SimCommand.declaration, words)
        return try SimVersusRun(arguments, pair: arguments.value(SimCommand.versus))
    }

    // MARK: refused combinations, with the CLI's words

    @Test(arguments: [
        ("play", ["--ascii", "--unicode"], "give --ascii or --unicode, not both"),
        ("play", ["--bot", "lee"], "--bot goes with --versus bot"),
        ("play", ["--pps", "2", "--best-of", "3"], "--pps goes with --versus bot"),
        ("replay", ["-"], "a replay is watched with the terminal as standard input, so it cannot come from '-'; use --verify - to check one"),
        ("replay", ["game.hjr", "--ascii", "--unicode"], "give --ascii or --unicode, not both"),
        ("run", ["--actions", "H"], "give --seed N or --pieces LETTERS"),
        ("run", ["--seed", "1", "--pieces", "I", "--actions", "H"], "give --seed or --pieces, not both"),
        ("run", ["--seed", "1", "--level", "3", "--actions", "H", "--save-replay", "r.hjr"],
         "--save-replay cannot hold a start other than an empty board at level 1 yet; leave out --board, --level and --lines to record"),
        ("check", ["garbage", "--cap", "10"], "--cap goes with --record FILE"),
        ("check", ["garbage", "--with", "garbage"], "--with garbage: that is the mod being checked; give the other mods"),
        ("bench", ["--reference", "ref.c", "--no-reference"], "give --reference PATH or --no-reference, not both"),
        ("versus", ["--host", "1", "--join", "127.0.0.1:1"], "give --host or --join, not both"),
        ("versus", [], "give --host [ADDR:]PORT to wait for a player, or --join ADDR:PORT to play one"),
        ("versus", ["--join", "127.0.0.1:4000", "--best-of", "3"], "--best-of is the host's to choose"),
        ("versus", ["--join", "127.0.0.1:4000", "--seed", "5"], "--seed is the host's to choose"),
        ("stats", ["-", "a.jsonl", "-"], "give standard input ('-') once"),
        ("compare", ["--a", "", "--b", "garbage", "--seeds", "1..4", "--progress", "--quiet"], "give --progress or --quiet, not both"),
        ("compare", ["--a", "", "--b", "garbage", "--seeds", "1..4", "--json", "--svg", "-"],
         "--json and --svg - both write to standard output; send one to a file"),
        ("compare", ["--a", "", "--b", "garbage", "--seeds", "1..4", "--noise", "0.1", "--a-noise", "0.2", "--b-noise", "0.3"],
         "--noise '0.1' sets both sides, but --a-noise and --b-noise set each; give --noise for both, or --a-noise and --b-noise, or --noise with one of them"),
        ("compare --versus", ["--versus", "eltetris:lee", "--a", "", "--b", "garbage", "--seeds", "1..4", "--svg", "c.svg"],
         "--versus does not take --svg: give the bots as --versus A:B"),
        ("compare --versus", ["--versus", "eltetris:lee", "--a", "", "--b", "garbage", "--seeds", "1..4", "--progress"],
         "--versus does not take --progress (yet)"),
        ("compare --versus", ["--versus", "eltetris:lee", "--a", "", "--b", "garbage", "--seeds", "1..4", "--shard", "0/2"],
         "--versus does not take --shard in compare"),
        ("sim --versus", ["--versus", "eltetris:lee", "--seeds", "1..2", "--bot", "lee"], "--versus does not take --bot (yet): give the bots as --versus A:B"),
        ("sim --versus", ["--versus", "eltetris:lee", "--seeds", "1..2", "--save-replays", "out"],
         "--versus does not take --save-replays (yet): give the bots as --versus A:B"),
        ("sim --versus", ["--versus", "eltetris:lee", "--seeds", "1..2", "--progress", "--quiet"], "give --progress or --quiet, not both"),
        ("sim --versus", ["--versus", "eltetris:lee", "--seeds", "1..2", "--json", "--jsonl", "m.jsonl"], "give --json or --jsonl FILE, not both"),
        ("sim --versus", ["--versus", "eltetris:lee", "--seeds", "1..2", "--summary", "-"],
         "--summary needs a file: standard output has the summary for people (or the matches, with --jsonl -)"),
        ("sim --versus", ["--versus", "eltetris:lee", "--jsonl", "m.jsonl", "--resume", "n.jsonl"],
         "give --jsonl FILE to start a run or --resume FILE to finish one, not both"),
    ])
    func combinationsAreRefusedByValidate(command: String, words: [String], message: String) throws {
        // Each reads without complaint: the values are good, only their combination is not.
        let validate: () throws(UsageError) -> Void
        switch command {
        case "play": validate = try Self.play(words).validate
        case "replay": validate = try Self.replay(words).validate
        case "run": validate = try Self.run(words).validate
        case "check": validate = try Self.check(words).validate
        case "bench": validate = try Self.bench(words).validate
        case "versus": validate = try Self.versus(words).validate
        case "stats": validate = try Self.stats(words).validate
        case "compare": validate = try Self.compare(words).validate
        case "compare --versus": validate = try Self.compareVersus(words).validate
        case "sim --versus": validate = try Self.simVersus(words).validate
        default: Issue.record("no command \(command)"); return
        }
        #expect(Self.refusal(validate) == message, "\(command) \(words)")
    }

    // MARK: good combinations, read into typed values

    @Test func playReadsTheMatchAndTheHandling() throws {
        let options = try Self.play(["--versus", "bot", "--bot", "lee", "--pps", "2.5", "--best-of", "5", "--seed", "7", "--das", "120", "--ascii"])
        try options.validate()
        #expect(options.versus == PlayOptions.Versus(bot: .init(kind: .lee), botName: "lee", pps: 2.5, bestOf: 5))
        #expect(options.seed == 7 && options.drawsASCII && options.mods.isStandard)
        #expect(options.handling.map(\.value) == [120] && options.handling.first?.field.option == "--das")
        let plain = try Self.play(["--unicode"])
        try plain.validate()
        #expect(plain.versus == nil && plain.seed == nil && !plain.drawsASCII && plain.handling.isEmpty)
        #expect(Self.refusal { () throws(UsageError) in _ = try Self.play(["--versus", "bot", "--pps", "50"]) } == "--pps 50: give pieces per second from 0.1 to 20")
        #expect(Self.refusal { () throws(UsageError) in _ = try Self.play(["--versus", "bot", "--best-of", "0"]) } == "--best-of 0: give a number of games from 1 to 99")
    }

    @Test func replayVerifiesFromStandardInput() throws {
        let request = try Self.replay(["--verify", "-", "--force"])
        try request.validate()
        #expect(request.verify && request.force && request.fromInput)
        let watched = try Self.replay(["game.hjr", "--ascii"])
        try watched.validate()
        #expect(!watched.verify && !watched.fromInput && watched.drawsASCII && watched.file == "game.hjr")
    }

    @Test func runChecksTheScriptWhenItReadsIt() throws {
        let request = try Self.run(["--seed", "1", "--level", "4", "--json"])
        try request.validate()
        #expect(request.seed == "1" && request.json && request.start.level == 4 && !request.start.isStandard)
        // Neither --actions nor --actions-file: refused when the script is read, after the seed and the board.
        #expect(Self.refusal { () throws(UsageError) in _ = try RunCommand.start(request) } == "give --actions SCRIPT (or --actions-file FILE)")
        let both = try Self.run(["--pieces", "IOT", "--actions", "H", "--actions-file", "a.txt"])
        try both.validate()
        #expect(Self.refusal { () throws(UsageError) in _ = try RunCommand.start(both) } == "give --actions or --actions-file, not both")
    }

    @Test func checkReadsTheRecordingAndTheFuzzing() throws {
        let request = try Self.check(["garbage", "--record", "first.replay", "--cap", "30", "--seed", "9", "--games", "5", "--with", "zen"])
        try request.validate()
        #expect(request.id == "garbage" && request.record == "first.replay" && request.recordPieces == 30)
        #expect(request.checkOptions.firstSeed == 9 && request.checkOptions.fuzzGames == 5 && request.withIDs == ["zen"])
    }

    @Test func benchAndModsAndServeRead() throws {
        let bench = try Self.bench(["--games", "2", "--cap", "100", "--rounds", "1", "--no-reference"])
        try bench.validate()
        #expect(bench.games == 2 && bench.cap == 100 && bench.rounds == 1 && bench.noReference && bench.referencePath == nil)
        let defaults = try Self.bench([])
        #expect(defaults.games == 10 && defaults.cap == 50_000 && defaults.rounds == 3)
        let mods = try ModsRun(Self.arguments(ModsCommand.declaration, ["--trust", "a", "--trust", "b"]))
        try mods.validate()
        #expect(mods.trusted == ["a", "b"] && !mods.idsOnly)
        let serve = try ServeRun(Self.arguments(ServeCommand.declaration, ["--mod", "versus"]))
        try serve.validate()
        #expect(serve.mods.ids == ["versus"])
    }

    @Test func versusReadsTheHostsChoices() throws {
        let host = try Self.versus(["--host", "4000", "--best-of", "3", "--seed", "9"])
        try host.validate()
        #expect(host.games == 3 && host.matchSeed == 9)
        guard case .host(let address)? = host.role else { Issue.record("not hosting"); return }
        #expect(address.port == 4000)
        let join = try Self.versus(["--join", "127.0.0.1:4000"])
        try join.validate()
        guard case .join? = join.role else { Issue.record("not joining"); return }
        #expect(join.games == nil && join.matchSeed == nil)
        #expect(Self.refusal { () throws(UsageError) in _ = try Self.versus(["--host", "4000", "--best-of", "2"]) }
                == "--best-of '2' is not an odd number from 1 to 99")
    }

    @Test func statsAndCompareRead() throws {
        let stats = try Self.stats(["a.jsonl", "-", "--expect", "1..10", "--shards", "2", "--partial"])
        try stats.validate()
        #expect(stats.expected == 1...10 && stats.shardCount == 2 && stats.partial && stats.files == ["a.jsonl", "-"])
        let compare = try Self.compare(["--a", "", "--b", "garbage", "--seeds", "1..4", "--noise", "0.1", "--b-noise", "0.3", "--svg", "c.svg"])
        try compare.validate()
        #expect(compare.a == "" && compare.b == "garbage" && compare.options.seeds == 1...4 && compare.svg == "c.svg")
        #expect(compare.configA.bot.noise == 0.1 && compare.configB.bot.noise == 0.3)
        let versus = try Self.compareVersus(["--versus", "eltetris:lee", "--a", "", "--b", "garbage", "--seeds", "1..4", "--json"])
        try versus.validate()
        #expect(versus.config.a.bot.kind == .eltetris && versus.config.b.bot.kind == .lee && versus.json)
        #expect(Self.refusal { () throws(UsageError) in _ = try Self.compare(["--b", "garbage"]) } == "give --a \"MODS\" (the rule set to compare against)")
    }

    @Test func simVersusReads() throws {
        let run = try Self.simVersus(["--versus", "eltetris:lee", "--seeds", "1..2", "--jsonl", "m.jsonl", "--summary", "s.json", "--progress"])
        try run.validate()
        #expect(run.pair == "eltetris:lee" && run.jsonl == "m.jsonl" && run.summaryPath == "s.json" && run.showProgress)
        #expect(run.request.sweep == 1...2)
    }
}
