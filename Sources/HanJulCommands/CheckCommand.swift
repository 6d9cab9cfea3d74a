import HanJulCommandLine
import HanJulCore
import HanJulFiles
import HanJulModCheck
import HanJulMods
import HanJulReplay
import HanJulText

/// `hanjul check MOD`: loads a mod, checks its manifest, determinism and the engine's
/// invariants under random play, runs its tests, and prints a report. Exit status 0 when
/// every check passes, 1 when one fails, 3 when the mod does not load.
enum CheckCommand {
    static let games = Option("--games", value: "N", help: "fuzz N games with random actions (default 24)")
    static let fuzzActions = Option("--fuzz-actions", value: "N", formerly: ["--actions"],
                                    help: "random actions per fuzzed game (default 400)")
    static let seed = Option("--seed", value: "S", help: "the first seed; games use consecutive seeds from it (default 1)")
    static let record = Option("--record", value: "FILE", kind: .output,
                               help: "instead of checking, record a bot game under the mod as a golden replay for its tests/")
    static let cap = Option("--cap", value: "PIECES", formerly: ["--pieces"],
                            help: "with --record: the pieces the bot places (default 60)")

    static let json = Option.flag("--json", help: "print the report as one JSON document (schema hanjul-check/1, in the MODDING.md guide)")

    static let with = Option("--with", value: "OTHER", kind: .mod, repeatable: true,
                             help: "check the mod together with OTHER (repeatable): the others apply first, in the order given, then ID")

    static let declaration = Command(
        "check", summary: "check a mod: manifest, determinism, invariants under random play, and its own tests",
        synopsis: ["ID [--with OTHER]... [--games N] [--fuzz-actions N] [--seed S] [--mods-dir DIR]... [--json]",
                   "ID [--with OTHER]... --record FILE [--seed S] [--cap PIECES]"],
        discussion: [
            "Loads the mod, checks its manifest, plays seeded games twice to check they are identical, fuzzes "
                + "the engine's invariants with random actions, runs the mod's tests/*.lua and verifies its "
                + "tests/*.replay. Exit status 0 when every check passes, 1 when one fails, 3 when the mod does not load.",
            "With --with OTHER, every game plays under OTHER (the others in the order given) and then ID, as "
                + "'hanjul run' applies mods given in that order; the mod's tests play there too unless a test names its own mods, and "
                + "--record records under that composition. A golden replay plays under the mods it was recorded "
                + "under, as long as they include ID.",
            "  hanjul check garbage\n  hanjul check garbage --record Mods/garbage/tests/first.replay\n  hanjul check bonus --with garbage",
        ],
        operands: [Operand("ID", kind: .mod, help: "the mod to check", missing: "give one mod id, like 'hanjul check garbage'")],
        options: [with, games, fuzzActions, seed, record, cap, json, ModOptions.modsDir],
        misplaced: ["--mod": "give the mod to check as 'hanjul check ID', and the mods to check it with as --with OTHER"])

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitStatus {
        let request = try CheckRun(arguments)
        try request.validate()
        return try check(request)
    }

    /// Loads the mod and its companions, then records a replay or runs the checks.
    static func check(_ request: CheckRun) throws(UsageError) -> ExitStatus {
        let (options, id, checkOptions, withIDs) = (request.mods, request.id, request.checkOptions, request.withIDs)
        let (record, recordPieces) = (request.record, request.recordPieces)
        let catalog = options.catalog
        let package: ModPackage
        let companions: [ModPackage]
        do throws(ModLoadError) {
            guard let found = try catalog.packages([id]).first else { return .modError }
            package = found
            companions = try catalog.packages(withIDs)
        } catch {
            StandardError.write("hanjul check: \(error)")
            return .loading(error)
        }
        let folder = catalog.display(package.folder)
        // Like run: a quarantined mod is refused, and every state the checks create is
        // watched (a hang quarantines the mod and exits with status 4, L-24).
        let quarantine = HangGuard.quarantine
        do throws(ModLoadError) { try catalog.refuseQuarantined(companions + [package], quarantine: quarantine) } catch {
            StandardError.write("hanjul check: \(error)")
            return .modError
        }
        var checker = ModChecker(package: package, displayFolder: folder, options: checkOptions)
        checker.companions = companions.map { ModCompanion(package: $0, displayFolder: catalog.display($0.folder)) }
        checker.catalog = catalog
        checker.watchdog = HangGuard.watchdog(for: companions + [package], quarantine: quarantine, command: "check")

        if let record {
            return recordReplay(checker, to: record, seed: checkOptions.firstSeed, pieces: recordPieces ?? 60)
        }

        if request.json {
            let report = ModReports.check(id: id, with: companions.map(\.id), folder: folder, sha256: package.sha256, outcomes: checker.run())
            try ModReports.print(report)
            return !report.loaded ? .modError : report.passed ? .success : .failure
        }
        say(visible("hanjul check \(id)  (\(folder), sha256 \(package.sha256.prefix(16))…)"
                      + (companions.isEmpty ? "" : " with " + companions.map(\.id).joined(separator: ", "))))
        let outcomes = checker.run()
        for outcome in outcomes {
            let lines = outcome.detail.split(separator: "\n", omittingEmptySubsequences: false)
            say(visible("  \(outcome.passed ? "ok  " : "FAIL")  \(outcome.name): \(lines.first ?? "")"))
            for line in lines.dropFirst() { say(visible("          \(line)")) }
        }
        let failed = outcomes.filter { !$0.passed }
        if outcomes.first?.name == "load" && !outcomes[0].passed {
            say(visible("the mod does not load"))
            return .modError
        }
        say(visible(failed.isEmpty ? "passed: \(outcomes.count) checks" : "FAILED: \(failed.count) of \(outcomes.count) checks (\(failed.map(\.name).joined(separator: ", ")))"))
        return failed.isEmpty ? .success : .failure
    }

    static func recordReplay(_ checker: ModChecker, to path: String, seed: UInt64, pieces: Int) -> ExitStatus {
        let recorded: (replay: Replay, state: GameState)
        do throws(ModLoadError) {
            recorded = try checker.recordReplay(seed: seed, pieces: pieces)
        } catch {
            StandardError.write("hanjul check: \(error)")
            return .modError
        }
        let toStream = StandardStreams.isStream(path)
        if toStream {
            StandardStreams.writeOutput(ReplayFile.encode(recorded.replay))
        } else {
            do throws(FileError) {
                try ReplayFile.write(recorded.replay, toOutput: path)
            } catch {
                StandardError.write("hanjul check: \(error.playerMessage(saving: "the replay"))")
                return .failure
            }
        }
        let s = recorded.state
        let shown = toStream ? "to standard output" : CommandLineText.shown(path)
        Report(toStandardError: toStream).line("recorded \(shown): seed \(seed), \(recorded.replay.actions.count) actions, \(s.piecesLocked) pieces, score \(s.score), lines \(s.lines)\(s.isOver ? ", game over" : "")")
        return .success
    }
}
