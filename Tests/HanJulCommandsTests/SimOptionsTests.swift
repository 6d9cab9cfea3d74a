import HanJulCommandLine
@testable import HanJulCommands
import HanJulCore
import HanJulSim
import Testing

/// The sim options checked in-process: what `hanjul sim` and `compare` accept, refuse, and
/// make of what they accept, without starting a process.
@Suite struct SimOptionsTests {
    static func request(_ words: [String]) throws(UsageError) -> SimOptions.Request {
        let command = Command("sim", summary: "", options: SimOptions.options)
        guard case .run(let arguments) = try command.parse(words) else { throw UsageError("asked for help") }
        return try SimOptions.Request.read(arguments)
    }

    @Test func gamesAndSeedBecomeARange() throws {
        let options = try Self.request(["--games", "8", "--seed", "3", "--cap", "3000", "--workers", "1"]).resolve()
        #expect(options.seeds == 3...10)
        #expect(options.config.cap == 3000)
        #expect(options.workers == 1)
        #expect(options.shard == nil)
    }

    @Test func aShardIsItsBlockOfTheSweep() throws {
        let options = try Self.request(["--seeds", "1..100", "--shard", "1/4"]).resolve()
        #expect(options.seeds == 26...50)
        #expect(options.shard?.sweep == 1...100)
    }

    @Test(arguments: [
        (["--seeds", "5..1"], "the first seed is after the last"),
        (["--games", "3"], "give --seed S with --games N"),
        (["--seeds", "1..4", "--games", "2", "--seed", "1"], "not both"),
        (["--seeds", "1..3", "--shard", "0/4"], "cannot be split in 4 shards"),
        (["--seeds", "1..3", "--shard", "4/4"], "numbered 0 to 3"),
        (["--seeds", "1..3", "--noise", "2"], "not a probability"),
        (["--seeds", "1..3", "--lookahead", "4"], "from 0 to 3"),
        (["--seeds", "1..3", "--pps", "-1"], "not a pace"),
    ])
    func badOptionsAreRefusedWithTheReason(words: [String], reason: String) {
        do {
            _ = try Self.request(words).resolve()
            Issue.record("\(words) was accepted")
        } catch {
            #expect(error.message.contains(reason), "\(words): \(error.message)")
        }
    }

    @Test func noSeedsIsRefusedOnlyWhenResolved() throws {
        let request = try Self.request(["--cap", "10"])
        #expect(request.sweep == nil && request.describesARun)
        #expect(throws: UsageError.self) { try request.resolve() }
    }

    @Test func aResumedRunKeepsItsFilesSettings() throws {
        let options = try Self.request(["--seeds", "1..20", "--cap", "50", "--noise", "0.25"]).resolve()
        let header = options.header(.standard)
        let resumed = SimOptions(resuming: header, workers: 2)
        #expect(resumed.seeds == 1...20 && resumed.config.cap == 50 && resumed.config.bot.noise == 0.25 && resumed.workers == 2)
        #expect(try Self.request(["--seeds", "1..20", "--cap", "50"]).conflict(with: header) == nil)
        #expect(try Self.request(["--cap", "60"]).conflict(with: header)?.contains("capped at 50") == true)
        #expect(try Self.request(["--seeds", "1..21"]).conflict(with: header)?.contains("the file's run is 1..20") == true)
    }

    @Test func modIDsOfAHeadersRules() {
        #expect(SimOptions.modIDs(ofRules: "standard") == [])
        #expect(SimOptions.modIDs(ofRules: "uniform") == ["uniform"])
        #expect(SimOptions.modIDs(ofRules: "mod:cheese+mod:cheese100") == ["cheese", "cheese100"])
    }
}

/// `hanjul sim` read, checked and planned in-process, one step at a time.
@Suite struct SimRunTests {
    static func run(_ words: [String]) throws(UsageError) -> SimRun {
        guard case .run(let arguments) = try SimCommand.declaration.parse(words) else { throw UsageError("asked for help") }
        return try SimRun(arguments)
    }

    @Test(arguments: [
        (["--seeds", "1..2", "--progress", "--quiet"], "--progress or --quiet"),
        (["--seeds", "1..2", "--json", "--jsonl", "x.jsonl"], "--json or --jsonl"),
        (["--seeds", "1..2", "--summary", "-"], "--summary needs a file"),
        (["--resume", "-"], "cannot be resumed"),
        (["--jsonl", "a", "--resume", "b"], "not both"),
    ])
    func optionsThatCannotGoTogether(words: [String], reason: String) throws {
        let run = try Self.run(words)
        #expect(throws: UsageError.self) { try run.validate() }
        do { try run.validate() } catch { #expect(error.message.contains(reason), "\(words): \(error.message)") }
    }

    @Test func aPlanPlaysTheSeedsGivenUnderTheModsGiven() throws {
        let run = try Self.run(["--games", "4", "--seed", "9", "--mod", "zen", "--workers", "2"])
        try run.validate()
        let plan = try run.plan()
        #expect(plan.ids == ["zen"] && plan.options.seeds == 9...12 && plan.options.workers == 2)
        #expect(plan.done.games == 0 && plan.expectedHeader == nil)
        #expect(try plan.openWriter() == nil, "no --jsonl: no file")
    }

    @Test func resumingAMissingFileNeedsTheRunsOptions() throws {
        let missing = "/tmp/hanjul-no-such-run-\(UInt64.random(in: 0...UInt64.max)).jsonl"
        do {
            _ = try Self.run(["--resume", missing]).plan()
            Issue.record("a missing file with no options was planned")
        } catch {
            #expect(error.message.contains("no such file; give the run's options"), "\(error.message)")
        }
        let plan = try Self.run(["--resume", missing, "--seeds", "1..3"]).plan()
        #expect(plan.options.seeds == 1...3 && plan.expectedHeader == nil)
    }
}
