import HanJulSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HanJulCommandLine
import HanJulCore
import HanJulFiles
import HanJulSim
import HanJulSweep
import HanJulText

/// `hanjul sim`: many seeded games with a bot, summarised; with `--jsonl` each game is
/// written as it finishes, and `--resume` finishes a run that was stopped.
enum SimCommand {
    static let json = Option.flag("--json", help: "print the summary as JSON")
    static let jsonl = Option("--jsonl", value: "FILE", kind: .output,
                              help: "write a header line, then one JSON line per game as each finishes (a stopped run keeps them: see --resume); "
                                  + "with '-' they go to standard output and the summary to standard error; an existing file is never replaced")
    static let resume = Option("--resume", value: "FILE", kind: .path,
                               help: "finish the run a stopped --jsonl FILE holds, to the bytes an uninterrupted run writes; its settings come from "
                                   + "the file (options given too must agree); with no FILE yet, the options given start it")
    static let summaryFile = Option("--summary", value: "FILE", kind: .output,
                                    help: "also write the run's summary state (exact counts of every figure's values, a few KB) to FILE, "
                                        + "which hanjul stats merges with other summaries and JSONL files exactly (the format: SIM.md among the installed guides)")
    static let saveReplays = Option("--save-replays", value: "DIR", kind: .folder,
                                    help: "save each game's replay as DIR/<rules>-<seed>.hjr")

    static let declaration = Command(
        "sim", summary: "play seeded games with a bot and summarise them",
        synopsis: ["[--mod ID]... " + SimOptions.usage + " [--json | --jsonl FILE] [--save-replays DIR]",
                   "--resume FILE [--workers K] [--progress | --quiet] [--mods-dir DIR]..."],
        discussion: [
            "The bot plays through the real rules: for each piece it finds every placement reachable from the spawn, "
                + "scores the board each leaves and plays the best as actions. Per game: seed, pieces, lines, score, "
                + "level, outcome, clears by size, score per piece, stack heights, holes, pieces held (under rules with hold) "
                + "and the rules' result (a sprint's time, at the bot's pace: --pps); per figure the mean, median, "
                + "p5/p95, standard deviation and a 95% confidence interval suited to it (Wilson for rates, never below 0 "
                + "for counts), and how long games last (Kaplan–Meier, the cap censoring). Results are identical whatever "
                + "the number of workers. Built-in variants for quick comparisons: uniform (no bag), nokick.",
            "A sweep split across machines: run each shard with --shard I/N and --jsonl (or --resume, which also "
                + "finishes a shard that was stopped), then merge the files with hanjul stats, which checks that no shard or seed is missing. A Slurm "
                + "job-array script is installed as share/doc/hanjul/examples/sweep.sbatch (in /usr or /usr/local), and "
                + "SIM.md beside the README has it with the GNU parallel one-liner.",
            "  hanjul sim --games 200 --seed 1 --cap 2000 --noise 0.05\n  hanjul sim --mod garbage --seeds 1..100 --jsonl garbage.jsonl"
                + "\n  hanjul sim --seeds 1..100000 --shard 3/8 --resume shard-3.jsonl",
        ],
        options: ModOptions.options + SimOptions.options + [json, jsonl, resume, summaryFile, saveReplays, versus, speed])

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitStatus {
        if SimOptions.asksForBotList(arguments) {
            Report(toStandardError: false).line(SimOptions.botList)
            return .success
        }
        let resumesVersus = try resumesVersus(arguments)
        if arguments.value(versus) != nil || resumesVersus { return try runVersus(arguments, pair: arguments.value(versus)) }
        let run = try SimRun(arguments)
        try run.validate()
        let plan = try run.plan()
        let spec: RuleSetSpec
        switch SimOptions.ruleSet(plan.ids, catalog: run.mods.catalog, command: "sim") {
        case .success(let loaded): spec = loaded
        case .failure(let error):
            StandardError.write("hanjul sim: \(error)")
            return .loading(error)
        }
        return try run.play(plan, spec)
    }

    /// `250 games (seeds 1…250, shard 0/4) on 2 workers: 2 CPUs granted (…)`
    static func plan(_ options: SimOptions, remaining: ClosedRange<UInt64>, resumed: Int) -> String {
        var text = "\(remaining.count) games (seeds \(remaining.lowerBound)…\(remaining.upperBound)"
        if let shard = options.shard { text += ", shard \(shard.description) of \(shard.firstSeed)…\(shard.lastSeed)" }
        text += ")"
        if resumed > 0 { text += " after \(resumed) already in the file" }
        text += " on \(options.workers) worker\(options.workers == 1 ? "" : "s"): " + Platform.cpuGrant.description
        return text
    }

    /// The bytes of `path`, or nil when there is no such file; a folder, FIFO or device is refused.
    static func readExisting(_ path: String) throws(UsageError) -> [UInt8]? {
        // A symbolic link is followed, as for every output path (OutputFile).
        let path = (try? OutputFile.following(path)) ?? path
        let status: FileStatus
        do throws(Errno) { status = try FileStatus.ofLink(atPath: path) } catch {
            if error == .noSuchFileOrDirectory { return nil }
            throw UsageError("cannot read \(CommandLineText.quoted(path)): \(error.text)")
        }
        guard status.kind == .regular else {
            throw UsageError("--resume \(CommandLineText.quoted(path)) is not a regular file (a folder, link, FIFO or device?); give the run's JSONL file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("cannot read \(CommandLineText.quoted(path))")
        }
        return [UInt8](data)
    }
}
