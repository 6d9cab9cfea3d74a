import HanJulCommandLine
import Testing

/// A small command shaped like HanJul's: values, a flag, a repeatable option, an old
/// spelling, file values and operands.
enum Sample {
    static let seed = Option("--seed", value: "N", help: "the seed")
    static let actions = Option("--actions", value: "SCRIPT", help: "the actions")
    static let json = Option.flag("--json", help: "print JSON")
    static let jsonl = Option("--jsonl", value: "FILE", kind: .output, help: "write JSON lines")
    static let mod = Option("--mod", value: "ID", kind: .mod, repeatable: true, help: "a mod")
    static let cap = Option("--cap", value: "PIECES", formerly: ["--pieces"], help: "the cap")
    static let quiet = Option.flag("--quiet", short: "q", help: "no progress")

    static let command = Command(
        "sim", summary: "play games", synopsis: ["[--seed N] [--actions SCRIPT] [--json | --jsonl FILE] [FILE...]"],
        operands: [Operand("FILE", kind: .input, count: .any, help: "inputs")],
        options: [seed, actions, json, jsonl, mod, cap, quiet],
        misplaced: ["--mods": "say --mod"])

    static func parse(_ words: [String]) throws(UsageError) -> Arguments {
        guard case .run(let arguments) = try command.parse(words) else { throw UsageError("asked for help") }
        return arguments
    }

    static func error(_ words: [String]) -> String? {
        do throws(UsageError) {
            _ = try command.parse(words)
            return nil
        } catch {
            return error.message
        }
    }
}

@Suite struct CommandParsingTests {
    @Test func valuesFlagsAndOperandsInAnyOrder() throws {
        let a = try Sample.parse(["in.jsonl", "--seed", "7", "--json", "--mod", "zen", "--mod=garbage", "-q", "more.jsonl"])
        #expect(a.value(Sample.seed) == "7")
        #expect(a.flag(Sample.json))
        #expect(a.flag(Sample.quiet))
        #expect(!a.flag(Sample.jsonl))
        #expect(a.values(Sample.mod) == ["zen", "garbage"])
        #expect(a.operands == ["in.jsonl", "more.jsonl"])
        #expect(a.notes.isEmpty)
    }

    /// The word after an option that takes a value is its value, even when it looks like
    /// an option: nothing else reads it.
    @Test func aValueIsNeverTakenForAnOption() throws {
        let a = try Sample.parse(["--actions", "--json", "--seed", "-1"])
        #expect(a.value(Sample.actions) == "--json")
        #expect(!a.flag(Sample.json))
        #expect(a.value(Sample.seed) == "-1")
        let b = try Sample.parse(["--seed", "--seed"])
        #expect(b.value(Sample.seed) == "--seed")
    }

    @Test func doubleDashEndsOptions() throws {
        let a = try Sample.parse(["--json", "--", "--seed", "-", "--"])
        #expect(a.flag(Sample.json))
        #expect(a.value(Sample.seed) == nil)
        #expect(a.operands == ["--seed", "-", "--"])
    }

    @Test func dashIsAnOperandOrAValue() throws {
        let a = try Sample.parse(["-", "--jsonl", "-"])
        #expect(a.operands == ["-"])
        #expect(a.value(Sample.jsonl) == "-")
    }

    @Test func oldSpellingWorksWithANote() throws {
        let a = try Sample.parse(["--pieces", "60"])
        #expect(a.value(Sample.cap) == "60")
        #expect(a.notes == ["note: --pieces is now --cap; the old spelling still works for now"])
        #expect(Sample.error(["--pieces", "6", "--cap", "7"]) == "--cap is given 2 times; give it once")
    }

    @Test func helpAnywhereBeforeDoubleDash() throws {
        for words in [["--help"], ["-h"], ["--seed", "1", "--help"], ["--bogus", "-h"]] {
            guard case .help = try Sample.command.parse(words) else {
                Issue.record("\(words) should ask for help")
                continue
            }
        }
        let a = try Sample.parse(["--", "--help"])
        #expect(a.operands == ["--help"])
    }

    @Test(arguments: [
        (["--workres", "2"], "unknown option --workres"),
        (["--jsn"], "unknown option --jsn (did you mean --json?)"),
        (["--sed", "1"], "unknown option --sed (did you mean --seed?)"),
        (["--mods", "x"], "say --mod"),
        (["-x"], "unknown option -x"),
        (["--seed"], "--seed needs a value"),
        (["--seed", "1", "--seed", "2"], "--seed is given 2 times; give it once"),
        (["--json=yes"], "--json takes no value (got '--json=yes')"),
        (["--jsonl", "--json"], "--jsonl needs a file name, but '--json' is an option (to name a file so, write --jsonl=--json or ./--json)"),
        (["--seed", "1", "--\u{1B}]0;pwned\u{07}"], #"unknown option --\e]0;pwned\u{7}"#),
    ])
    func errors(words: [String], message: String) {
        #expect(Sample.error(words) == message)
    }

    @Test func fileValueMayStartWithDashesWhenWrittenWithEquals() throws {
        let a = try Sample.parse(["--jsonl=--json"])
        #expect(a.value(Sample.jsonl) == "--json")
    }

    @Test func operandCounts() {
        let one = Command("check", summary: "check", operands: [Operand("ID", kind: .mod, help: "the mod", missing: "give one mod id")],
                          options: [])
        func message(_ words: [String]) -> String? {
            do throws(UsageError) { _ = try one.parse(words); return nil } catch { return error.message }
        }
        #expect(message([]) == "give one mod id")
        #expect(message(["a"]) == nil)
        #expect(message(["a", "b"]) == "unexpected argument 'b'")
        #expect(message(["a", "--", "-b"]) == "unexpected argument '-b' after --")
    }
}
