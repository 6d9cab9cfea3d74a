import Foundation
import TestTiers
import Testing

/// The hostile-mod corpus (RELIABILITY §5.1): every `Tests/HostileMods/<case>/mod.lua`,
/// each run as `hostile` next to a benign mod in its own `hanjul run` process, with
/// `HOME`, `XDG_*`, `TMPDIR` and the working folder pointed at fresh temporary folders.
///
/// Each case's header states what must happen (see ``CorpusCase``). For every case the
/// runner asserts: the exit status and the reason, the time bound, that stdout holds
/// nothing but the report (one JSON line, or nothing when the mod does not load), that
/// stderr holds at most one line, that no escape or C1 control byte reaches either, that
/// the home, working, temporary and mod folders are byte-identical afterwards (but for
/// the quarantine file of a `hung` case), and that the benign mod plays right after in a
/// fresh process of the same home.
@Suite(.runsLong) struct HostileModTests {
    static let cases: [CorpusCase] = CorpusCase.loadAll()

    @Test func theCorpusIsThere() {
        #expect(Self.cases.count >= 100, "found \(Self.cases.count) cases in \(CorpusCase.root)")
        let items = Set(Self.cases.map(\.item))
        for number in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27,
                       29, 31, 32, 33, 34, 35, 36, 37, 39, 40, 41, 42, 43, 44, 45] {
            #expect(items.contains("L-\(number)"), "no case for L-\(number)")
        }
    }

    @Test(arguments: cases)
    func hostileModIsContained(_ corpus: CorpusCase) throws {
        let sandbox = try Sandbox(corpus)
        defer { sandbox.remove() }
        let before = try sandbox.snapshot()

        let run = try sandbox.run(["run", "--mod", "hostile", "--mod", "benign"] + corpus.arguments)
        let label = "\(corpus.name): status \(run.status), \(String(format: "%.2f", run.seconds)) s\nstdout: \(run.stdout.prefix(400))\nstderr: \(run.stderr.prefix(600))"

        #expect(run.seconds <= corpus.within, "took longer than \(corpus.within) s: \(label)")
        #expect(!run.stdout.utf8.contains(0x1B) && !run.stderr.utf8.contains(0x1B), "an escape byte reached the output: \(label)")
        #expect(Self.hidden(in: run.stdout + run.stderr).isEmpty,
                "\(Self.hidden(in: run.stdout + run.stderr)) reached the output: \(label)")
        let stderrLines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        #expect(stderrLines.count <= 1, "more than one line on stderr: \(label)")
        #expect(run.stderr.utf8.count <= 4096, "stderr is too long: \(label)")

        switch corpus.expectation {
        case .ok:
            #expect(run.status == 0, "\(label)")
            #expect(run.stderr.isEmpty, "\(label)")
            let report = try #require(Self.report(run.stdout), "stdout is not one JSON report: \(label)")
            #expect(Self.modIDs(report) == ["hostile", "benign"], "\(label)")
            if corpus.checkBenign {
                #expect(((report["score"] as? Int) ?? 0) >= 1000, "the benign mod's points are missing: \(label)")
            }
        case .error(let reasons):
            #expect(run.status == 3, "\(label)")
            #expect(Self.report(run.stdout) != nil, "stdout is not one JSON report: \(label)")
            #expect(run.stderr.contains("hostile"), "the reason does not name the mod: \(label)")
            #expect(reasons.contains { run.stderr.lowercased().contains($0.lowercased()) }, "expected \(reasons): \(label)")
        case .loadError(let reasons):
            #expect(run.status == 3, "\(label)")
            #expect(run.stdout.isEmpty, "\(label)")
            #expect(reasons.contains { run.stderr.lowercased().contains($0.lowercased()) }, "expected \(reasons): \(label)")
        case .hung:
            #expect(run.status == 4, "\(label)")
            #expect(run.stdout.isEmpty, "\(label)")
            #expect(run.stderr.contains("mod 'hostile' hung") && run.stderr.contains("hanjul mods --trust hostile"), "\(label)")
        }

        var after = try sandbox.snapshot()
        if case .hung = corpus.expectation {
            let quarantine = sandbox.home + "/.local/state/hanjul/quarantine"  // $XDG_STATE_HOME/hanjul
            #expect(after.removeValue(forKey: quarantine) != nil, "no quarantine file was written: \(label)")
            after.removeValue(forKey: quarantine + ".lock")  // DurableStore's lock file
            // The quarantined mod is refused on the next start, with the way back.
            let again = try sandbox.run(["run", "--mod", "hostile", "--mods-dir", sandbox.mods, "--seed", "1", "--actions", "H", "--json"],
                                        includeModsDir: false)
            #expect(again.status == 3 && again.stderr.contains("quarantined") && again.stderr.contains("hanjul mods --trust hostile"),
                    "\(again.status) \(again.stderr)")
            let trust = try sandbox.run(["mods", "--trust", "hostile"], includeModsDir: false)
            #expect(trust.status == 0, "\(trust.stderr)")
            after = try sandbox.snapshot()
            after.removeValue(forKey: quarantine)
            after.removeValue(forKey: quarantine + ".lock")
        }
        #expect(after == before, "the run changed files: \(Self.difference(before, after)) — \(label)")

        if corpus.deterministic {
            let second = try sandbox.run(["run", "--mod", "hostile", "--mod", "benign"] + corpus.arguments)
            #expect(second.stdout == run.stdout && second.stderr == run.stderr && second.status == run.status,
                    "a second process gave another result: \(label)\nsecond stdout: \(second.stdout.prefix(400))")
        }

        for command in corpus.also {
            try Self.checkAlso(command, corpus, sandbox, before: before)
        }
        if let versus = corpus.versus {
            try Self.checkVersus(versus, corpus, sandbox, before: before)
        }

        // The host is unharmed: the benign mod plays right after, in the same home.
        let benign = try sandbox.run(["run", "--mod", "benign", "--seed", "1", "--actions", "HH", "--json"])
        #expect(benign.status == 0 && benign.stderr.isEmpty, "benign run: \(benign.status) \(benign.stderr)")
        #expect((Self.report(benign.stdout)?["score"] as? Int ?? 0) >= 2000, "benign run: \(benign.stdout)")
    }

    /// The arguments of `-- also: COMMAND`: the case's mod (next to the benign one)
    /// through another command that runs mod code.
    static func alsoArguments(_ command: String) -> [String] {
        switch command {
        case "sim": ["sim", "--mod", "hostile", "--mod", "benign", "--games", "2", "--seed", "1", "--cap", "30", "--workers", "2"]
        case "check": ["check", "hostile", "--games", "2", "--actions", "100"]
        case "compare": ["compare", "--a", "", "--b", "hostile benign", "--games", "2", "--seed", "1", "--cap", "30", "--workers", "2"]
        case "mods": ["mods"]
        case "text": ["run", "--mod", "hostile", "--mod", "benign", "--seed", "1", "--actions", "HH"]
        default: fatalError("unknown command in '-- also: \(command)'")
        }
    }

    /// Runs `command` on the case: the exit status its expectation implies (a hook error
    /// fails `check`'s checks, status 1, and counts as a rule error in `sim` and
    /// `compare`, status 3), no signal, the time bound, no escape or C1 byte, and no file
    /// changed but the quarantine of a `hung` case, which `mods --trust` then lifts.
    static func checkAlso(_ command: String, _ corpus: CorpusCase, _ sandbox: Sandbox, before: [String: String]) throws {
        if command == "verify" {
            let replay = sandbox.root + "/out/game.hjr"
            let run = try sandbox.run(["run", "--mod", "hostile", "--mod", "benign"] + corpus.arguments + ["--save-replay", replay])
            let verify = try sandbox.run(["replay", "--verify", replay])
            let label = "\(corpus.name) verify: run \(run.status) \(run.stderr.prefix(300)); verify \(verify.status) \(verify.stdout.prefix(300)) \(verify.stderr.prefix(300))"
            #expect(verify.status == 0 && verify.stdout.hasPrefix("match:"), "the replay did not verify: \(label)")
            return
        }
        let run = try sandbox.run(alsoArguments(command))
        let label = "\(corpus.name) \(command): status \(run.status), \(String(format: "%.2f", run.seconds)) s\nstdout: \(run.stdout.suffix(600))\nstderr: \(run.stderr.prefix(600))"
        let expected: Set<Int32> = switch corpus.expectation {
        case .ok where command == "mods": [0, 3]  // 3: a neighbour fails to load
        case .error where command == "mods": [0]
        case .ok: command == "check" ? [0, 1] : [0]
        case .error: command == "check" ? [1] : [3]
        case .loadError: [3]
        case .hung: [4]
        }
        #expect(expected.contains(run.status), "expected status \(expected.sorted()): \(label)")
        if command == "check", let says = corpus.checkSays {
            #expect(run.stdout.contains(says), "check does not say '\(says)': \(label)")
        }
        #expect(run.seconds <= corpus.within * 3, "took longer than \(corpus.within * 3) s: \(label)")
        #expect(!run.stdout.utf8.contains(0x1B) && !run.stderr.utf8.contains(0x1B), "an escape byte reached the output: \(label)")
        #expect(Self.hidden(in: run.stdout + run.stderr).isEmpty,
                "\(Self.hidden(in: run.stdout + run.stderr)) reached the output: \(label)")
        var after = try sandbox.snapshot()
        let quarantine = sandbox.home + "/.local/state/hanjul/quarantine"  // $XDG_STATE_HOME/hanjul
        if case .hung = corpus.expectation {
            #expect(run.stderr.contains("mod 'hostile' hung") && run.stderr.contains("hanjul mods --trust hostile"), "\(label)")
            #expect(after[quarantine] != nil, "no quarantine file was written: \(label)")
            let trust = try sandbox.run(["mods", "--trust", "hostile"], includeModsDir: false)
            #expect(trust.status == 0, "\(trust.stderr)")
            after = try sandbox.snapshot()
        }
        after.removeValue(forKey: quarantine)
        after.removeValue(forKey: quarantine + ".lock")
        var expectedFiles = before
        expectedFiles.removeValue(forKey: quarantine)
        expectedFiles.removeValue(forKey: quarantine + ".lock")
        #expect(after == expectedFiles, "\(command) changed files: \(Self.difference(expectedFiles, after)) — \(label)")
    }

    /// `sim --versus` under the case's mod (#39: the referee does arithmetic on the `attack`
    /// hook's values): a clean run, or a rule error naming the mod with status 3, never a
    /// signal; one line on stderr at most, no file changed.
    static func checkVersus(_ expectation: CorpusCase.Expectation, _ corpus: CorpusCase, _ sandbox: Sandbox, before: [String: String]) throws {
        let run = try sandbox.run(["sim", "--versus", "eltetris:eltetris", "--mod", "hostile", "--mod", "benign",
                                   "--games", "2", "--seed", "1", "--cap", "80", "--workers", "2", "--quiet"])
        let label = "\(corpus.name) sim --versus: status \(run.status), \(String(format: "%.2f", run.seconds)) s\nstdout: \(run.stdout.suffix(600))\nstderr: \(run.stderr.prefix(600))"
        #expect(run.seconds <= corpus.within * 3, "took longer than \(corpus.within * 3) s: \(label)")
        #expect(run.stderr.split(separator: "\n").count <= 1, "more than one line on stderr: \(label)")
        #expect(run.stdout.contains("matches"), "no summary: \(label)")
        switch expectation {
        case .error(let reasons):
            #expect(run.status == 3, "\(label)")
            #expect(run.stdout.contains("hostile") || run.stderr.contains("hostile"), "the reason does not name the mod: \(label)")
            #expect(reasons.contains { (run.stdout + run.stderr).contains($0) }, "expected \(reasons): \(label)")
        default:
            #expect(run.status == 0 && run.stderr.isEmpty, "\(label)")
        }
        #expect(try sandbox.snapshot() == before, "sim --versus changed files: \(label)")
    }

    /// The characters no output may hold: controls but the newline, C1 controls, bidi
    /// controls, separators and invisible characters (T-17; #15 item 11).
    static func hidden(in text: String) -> [String] {
        text.unicodeScalars.filter { s in
            let v = s.value
            return (v < 0x20 && v != 0x0A) || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
                || (0x2066...0x2069).contains(v) || [0x61C, 0xAD, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2028, 0x2029, 0xFEFF].contains(v)
        }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    /// The one JSON object of stdout, or nil when stdout is anything else.
    static func report(_ stdout: String) -> [String: Any]? {
        guard stdout.hasSuffix("\n"), stdout.dropLast().split(separator: "\n", omittingEmptySubsequences: false).count == 1,
              let object = try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any] else { return nil }
        return object
    }

    static func modIDs(_ report: [String: Any]) -> [String] {
        ((report["mods"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
    }

    static func difference(_ a: [String: String], _ b: [String: String]) -> String {
        let keys = Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
        return keys.prefix(10).map { "\($0): \(a[$0] ?? "absent") -> \(b[$0] ?? "absent")" }.joined(separator: "; ")
    }
}
