import HanJulCommandLine
import Testing

/// The manners of a command's output and the values every command reads, in-process.
@Suite struct OutputMannersTests {
    @Test func mannersFollowTheLocaleAndTerm() {
        #expect(OutputManners(environment: ["LANG": "C.UTF-8", "TERM": "xterm"]) == OutputManners(environment: ["LC_ALL": "en_US.UTF-8", "TERM": "vt100"]))
        let plain = OutputManners(environment: ["LANG": "C"])
        #expect(!plain.unicode && plain.dumb, "no TERM cannot redraw")
        #expect(OutputManners(environment: ["LANG": "C.UTF-8", "TERM": "dumb"]).dumb)
    }

    @Test func oneThingOnStandardOutput() throws {
        try StandardStreams.checkOneOutput([("--jsonl", "-"), ("--summary", "s.json"), ("--svg", nil)])
        #expect(throws: UsageError("--jsonl and --save-replay both write to standard output ('-'); send one to a file")) {
            try StandardStreams.checkOneOutput([("--jsonl", "-"), ("--save-replay", "-")])
        }
    }

    @Test func seedsAndCounts() throws {
        #expect(try UInt64.parseSeed("0x10", option: "--seed") == 16)
        #expect(try UInt64.parseSeed("18446744073709551615", option: "--seed") == .max)
        #expect(throws: UsageError.self) { try UInt64.parseSeed("-1", option: "--seed") }
        #expect(try Int.parseCount("7", option: "--games", limit: 7) == 7)
        #expect(throws: UsageError("--games '8' is not a whole number from 1 to 7")) { try Int.parseCount("8", option: "--games", limit: 7) }
        #expect(HanJulCommandLine.ExitStatus.modHung.code == 4 && HanJulCommandLine.ExitStatus.usage.code == 2)
    }
}
