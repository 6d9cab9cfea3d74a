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
        options: ModOptions.options + SimOptions.options + [json, jsonl, resume, summaryFile, saveReplays, versus])

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitStatus {
        if SimOptions.asksForBotList(arguments) {
            Report(toStandardError: false).line(SimOptions.botList)
            return .success
        }
        let resumesVersus = try resumesVersus(arguments)
        if arguments.value(versus) != nil || resumesVersus { return try runVersus(arguments, pair: arguments.value(versus)) }
        let mods = try ModOptions(arguments)
        let request = try SimOptions.Request.read(arguments)
        let json = arguments.flag(Self.json)
        let jsonl = arguments.value(Self.jsonl)
        let resume = arguments.value(Self.resume)
        let showProgress = arguments.flag(SimOptions.progress)
        let quiet = arguments.flag(ProgressBar.quiet)
        if showProgress && quiet { throw UsageError("give --progress or --quiet, not both") }
        let replayFolder = arguments.value(saveReplays)
        let summaryPath = arguments.value(summaryFile)
        if summaryPath.map(StandardStreams.isStream) == true {
            throw UsageError("--summary needs a file: standard output has the summary for people (or the games, with --jsonl -)")
        }
        if json && jsonl != nil { throw UsageError("give --json or --jsonl FILE, not both") }
        if jsonl != nil && resume != nil { throw UsageError("give --jsonl FILE to start a run or --resume FILE to finish one, not both") }
        if resume.map(StandardStreams.isStream) == true { throw UsageError("--resume needs the run's file; standard input or output cannot be resumed") }

        // What to play, and where the games go.
        var options: SimOptions
        var ids = mods.ids
        var done = RunTally()
        // Opened only once the rules load and the run checks out, so a refused run touches no file.
        var openWriter: () throws(UsageError) -> SweepWriter? = { nil }
        var expectedHeader: RunHeader?
        if let resume {
            let bytes = try readExisting(resume)
            let prefix = try sweep { () throws(SweepError) in try SweepFile.prefix(of: bytes ?? [], path: resume) }
            if let header = prefix.header {
                if let conflict = request.conflict(with: header) { throw UsageError("--resume \(CommandLineText.shown(resume)): \(conflict)") }
                let inFile = SimOptions.modIDs(ofRules: header.rules)
                if !mods.ids.isEmpty && mods.ids != inFile {
                    throw UsageError("--resume \(CommandLineText.shown(resume)): --mod \(mods.ids.joined(separator: " --mod ")), but the file's games were played under \(header.rules)")
                }
                guard header.hanjul == HanJulVersion.release && header.engine == HanJulVersion.engine else {
                    throw UsageError("--resume \(CommandLineText.shown(resume)): written by \(header.versionDescription), this is hanjul \(HanJulVersion.release), engine \(HanJulVersion.engine); finish it with that version or start a new file")
                }
                ids = inFile
                options = SimOptions(resuming: header, workers: request.workers)
                done = prefix.tally
                expectedHeader = header
                openWriter = { () throws(UsageError) in try sweep { () throws(SweepError) in try SweepWriter(resuming: resume, keeping: prefix.validLength) } }
            } else {
                guard request.sweep != nil else {
                    throw UsageError(bytes == nil
                        ? "--resume \(CommandLineText.shown(resume)): no such file; give the run's options (--games N --seed S or --seeds A..B, …) to start it"
                        : "--resume \(CommandLineText.shown(resume)): the run stopped before its header was written; give the run's options (--seeds A..B, …) to start it again")
                }
                options = try request.resolve()
                openWriter = { () throws(UsageError) in try sweep { () throws(SweepError) in try SweepWriter(creating: resume, discarding: prefix.tornLength) } }
            }
        } else {
            options = try request.resolve()
            if jsonl.map(StandardStreams.isStream) == true {
                openWriter = { SweepWriter(standardOutput: ()) }
            } else if let jsonl {
                // Refuse an existing file before any game is played, and again when opening it.
                if case .file? = try? OutputFile.target(of: jsonl), try readExisting(jsonl).map({ !$0.isEmpty }) == true {
                    _ = try sweep { () throws(SweepError) in try SweepWriter(creating: jsonl) }
                }
                openWriter = { () throws(UsageError) in try sweep { () throws(SweepError) in try SweepWriter(creating: jsonl) } }
            }
        }

        let spec: RuleSetSpec
        switch SimOptions.ruleSet(ids, catalog: mods.catalog, command: "sim") {
        case .success(let loaded): spec = loaded
        case .failure(let error):
            StandardError.write("hanjul sim: \(error)")
            return .loading(error)
        }

        if let replayFolder {
            do throws(FileError) { try OutputFile.prepareFolder(replayFolder) } catch {
                throw UsageError("--save-replays: \(error)")
            }
        }
        let header = options.header(spec)
        if let expected = expectedHeader, expected != header {
            let reason = expected.difference(from: header).map { "the installed mods are \($0)" } ?? "its header differs from what this run would write"
            throw UsageError("--resume \(CommandLineText.shown(resume ?? "")): \(reason); resume it where it was started, or start a new file")
        }
        let writer = try openWriter()

        let remaining: ClosedRange<UInt64>? = done.games < options.seeds.count
            ? (options.seeds.lowerBound + UInt64(done.games))...options.seeds.upperBound : nil
        // The games are counted as they come (RunTally), never kept: memory grows with the
        // distinct values of the figures, not with the games.
        var tally = done
        do {
            if let writer, done.games == 0, expectedHeader == nil { try writer.write(line: try JSONLines.text(SweepFile.HeaderLine(header: header))) }
            if let remaining {
                let progress = ProgressBar.make(total: remaining.count, label: "sim " + spec.name, lines: showProgress, quiet: quiet)
                progress?.announce(plan(options, remaining: remaining, resumed: done.games))
                try OrderedRun.play(spec, seeds: remaining, config: options.config(for: spec), workers: options.workers,
                                     progress: progress, replayFolder: replayFolder) { record in
                    if let writer { try writer.write(line: try JSONLines.text(record)) }
                    tally.add(record)
                }
            }
            try writer?.finish()
        } catch let failure as SweepWriter.Failure {
            if !failure.readerGone { StandardError.write("hanjul sim: \(failure.message) (the games written so far are kept; finish with --resume)") }
            return .failure
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError("\(error)")
        }
        if let summaryPath {
            let bytes = try sweep { () throws(SweepError) in try SummaryFile.bytes(header: header, seeds: [header.seeds], tally: tally) }
            do throws(FileError) { try OutputFile.write(bytes, to: summaryPath) } catch {
                throw UsageError("--summary: \(error)")
            }
        }
        let summary = Summary(header: header, tally: tally)
        // With the games on standard output, the summary goes to standard error.
        Report(toStandardError: jsonl.map(StandardStreams.isStream) ?? false)
            .line(json ? try sweep { () throws(SweepError) in try JSONLines.text(summary, pretty: true) } : summary.text, data: json)
        // A game that went on past a hook's failure measured rules the author did not write.
        return summary.ruleErrors > 0 || summary.gamesWithWarnings != nil ? .modError : .success
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
        var info = stat()
        // A symbolic link is followed, as for every output path (OutputFile).
        let path = (try? OutputFile.following(path)) ?? path
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw UsageError("cannot read \(CommandLineText.quoted(path)): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw UsageError("--resume \(CommandLineText.quoted(path)) is not a regular file (a folder, link, FIFO or device?); give the run's JSONL file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("cannot read \(CommandLineText.quoted(path))")
        }
        return [UInt8](data)
    }
}
