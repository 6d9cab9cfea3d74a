import HanJulCore
import HanJulFiles
import HanJulMods
import HanJulReplay

/// `hanjul check MOD`: loads a mod, checks its manifest, determinism and the engine's
/// invariants under random play, runs its tests, and prints a report. Exit status 0 when
/// every check passes, 1 when one fails, 3 when the mod does not load.
enum CheckCommand {
    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        var reader = ArgumentReader(arguments)
        let options = try ModOptions(&reader)
        guard options.ids.isEmpty else { throw UsageError("give the mod to check as 'hanjul check ID'; --mod does not apply") }
        let games = try reader.value("--games")
        let actions = try reader.value("--actions")
        let seed = try reader.value("--seed")
        let record = try reader.value("--record")
        let recordPieces = try reader.value("--pieces")
        let ids = reader.remainingPositionals()
        try reader.finish()
        guard ids.count == 1, let id = ids.first else { throw UsageError("give one mod id, like 'hanjul check garbage'") }

        var checkOptions = ModChecker.Options()
        if let games {
            guard let n = Int(games), (1...10_000).contains(n) else { throw UsageError("--games must be 1 to 10000") }
            checkOptions.fuzzGames = n
        }
        if let actions {
            guard let n = Int(actions), (1...100_000).contains(n) else { throw UsageError("--actions must be 1 to 100000") }
            checkOptions.fuzzActions = n
        }
        if let seed { checkOptions.firstSeed = try UInt64.parseSeed(seed, option: "--seed") }

        let catalog = options.catalog
        let package: ModPackage
        do throws(ModLoadError) {
            guard let found = try catalog.packages([id]).first else { return .modError }
            package = found
        } catch {
            StandardError.write("hanjul check: \(error)")
            return .modError
        }
        let folder = catalog.display(package.folder)
        // Like run: a quarantined mod is refused, and every state the checks create is
        // watched (a hang quarantines the mod and exits with status 4, L-24).
        let quarantine = HangGuard.quarantine
        do throws(ModLoadError) { try catalog.refuseQuarantined([package], quarantine: quarantine) } catch {
            StandardError.write("hanjul check: \(error)")
            return .modError
        }
        var checker = ModChecker(package: package, displayFolder: folder, options: checkOptions)
        checker.watchdog = HangGuard.watchdog(for: [package], quarantine: quarantine, command: "check")

        if let record {
            let pieces: Int
            if let recordPieces {
                guard let n = Int(recordPieces), (1...10_000).contains(n) else { throw UsageError("--pieces must be 1 to 10000") }
                pieces = n
            } else {
                pieces = 60
            }
            return recordReplay(checker, to: record, seed: checkOptions.firstSeed, pieces: pieces)
        }
        guard recordPieces == nil else { throw UsageError("--pieces goes with --record FILE") }

        print("hanjul check \(id)  (\(folder), sha256 \(package.sha256.prefix(16))…)")
        let outcomes = checker.run()
        for outcome in outcomes {
            let lines = outcome.detail.split(separator: "\n", omittingEmptySubsequences: false)
            print("  \(outcome.passed ? "ok  " : "FAIL")  \(outcome.name): \(lines.first ?? "")")
            for line in lines.dropFirst() { print("          \(line)") }
        }
        let failed = outcomes.filter { !$0.passed }
        if outcomes.first?.name == "load" && !outcomes[0].passed {
            print("the mod does not load")
            return .modError
        }
        print(failed.isEmpty ? "passed: \(outcomes.count) checks" : "FAILED: \(failed.count) of \(outcomes.count) checks (\(failed.map(\.name).joined(separator: ", ")))")
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
        do throws(FileError) {
            try ReplayFile.write(recorded.replay, to: path)
        } catch {
            StandardError.write("hanjul check: \(error.playerMessage(saving: "the replay"))")
            return .failure
        }
        let s = recorded.state
        print("recorded \(path): seed \(seed), \(recorded.replay.actions.count) actions, \(s.piecesLocked) pieces, score \(s.score), lines \(s.lines)\(s.isOver ? ", game over" : "")")
        return .success
    }
}
