import HanJulCommandLine
import HanJulCore
import HanJulFiles
import HanJulSim
import HanJulSweep
import HanJulText

/// `hanjul sim`'s options, read (`init`), checked together (`validate`), then turned into
/// what to play (`plan`) and played (`play`): a run in-process, a step at a time.
struct SimRun {
    var mods: ModOptions
    var request: SimOptions.Request
    var json: Bool
    var jsonl: String?
    var resume: String?
    var showProgress: Bool
    var quiet: Bool
    var replayFolder: String?
    var summaryPath: String?
    /// `--speed`, which single games do not take.
    var asksForSpeed: Bool

    init(_ arguments: Arguments) throws(UsageError) {
        mods = try ModOptions(arguments)
        request = try SimOptions.Request.read(arguments)
        json = arguments.flag(SimCommand.json)
        jsonl = arguments.value(SimCommand.jsonl)
        resume = arguments.value(SimCommand.resume)
        showProgress = arguments.flag(SimOptions.progress)
        quiet = arguments.flag(ProgressBar.quiet)
        replayFolder = arguments.value(SimCommand.saveReplays)
        summaryPath = arguments.value(SimCommand.summaryFile)
        asksForSpeed = arguments.flag(SimCommand.speed)
    }

    /// The options that cannot go together.
    func validate() throws(UsageError) {
        if asksForSpeed { throw UsageError("--speed is for --versus A:B (each bot's search speed); hanjul bench measures the speed of single games") }
        if showProgress && quiet { throw UsageError("give --progress or --quiet, not both") }
        if summaryPath.map(StandardStreams.isStream) == true {
            throw UsageError("--summary needs a file: standard output has the summary for people (or the games, with --jsonl -)")
        }
        if json && jsonl != nil { throw UsageError("give --json or --jsonl FILE, not both") }
        if jsonl != nil && resume != nil { throw UsageError("give --jsonl FILE to start a run or --resume FILE to finish one, not both") }
        if resume.map(StandardStreams.isStream) == true { throw UsageError("--resume needs the run's file; standard input or output cannot be resumed") }
    }

    /// What to play, and where the games go.
    struct Plan {
        var options: SimOptions
        var ids: [String]
        /// The games a resumed file holds already.
        var done = RunTally()
        /// Opened only once the rules load and the run checks out, so a refused run touches no file.
        var openWriter: () throws(UsageError) -> SweepWriter? = { nil }
        /// The header of the file resumed: the run must write the same.
        var expectedHeader: RunHeader?
    }

    /// The run to play: the options given, or the resumed file's (which the options given
    /// must agree with).
    func plan() throws(UsageError) -> Plan {
        guard let resume else {
            var plan = Plan(options: try request.resolve(), ids: mods.ids)
            if jsonl.map(StandardStreams.isStream) == true {
                plan.openWriter = { SweepWriter(standardOutput: ()) }
            } else if let jsonl {
                // Refuse an existing file before any game is played, and again when opening it.
                if case .file? = try? OutputFile.target(of: jsonl), try SimCommand.readExisting(jsonl).map({ !$0.isEmpty }) == true {
                    _ = try sweep { () throws(SweepError) in try SweepWriter(creating: jsonl) }
                }
                plan.openWriter = { () throws(UsageError) in try sweep { () throws(SweepError) in try SweepWriter(creating: jsonl) } }
            }
            return plan
        }
        let bytes = try SimCommand.readExisting(resume)
        let prefix = try sweep { () throws(SweepError) in try SweepFile.prefix(of: bytes ?? [], path: resume) }
        guard let header = prefix.header else {
            guard request.sweep != nil else {
                throw UsageError(bytes == nil
                    ? "--resume \(CommandLineText.shown(resume)): no such file; give the run's options (--games N --seed S or --seeds A..B, …) to start it"
                    : "--resume \(CommandLineText.shown(resume)): the run stopped before its header was written; give the run's options (--seeds A..B, …) to start it again")
            }
            var plan = Plan(options: try request.resolve(), ids: mods.ids)
            plan.openWriter = { () throws(UsageError) in try sweep { () throws(SweepError) in try SweepWriter(creating: resume, discarding: prefix.tornLength) } }
            return plan
        }
        if let conflict = request.conflict(with: header) { throw UsageError("--resume \(CommandLineText.shown(resume)): \(conflict)") }
        let inFile = SimOptions.modIDs(ofRules: header.rules)
        if !mods.ids.isEmpty && mods.ids != inFile {
            throw UsageError("--resume \(CommandLineText.shown(resume)): --mod \(mods.ids.joined(separator: " --mod ")), but the file's games were played under \(header.rules)")
        }
        guard header.hanjul == HanJulVersion.release && header.engine == HanJulVersion.engine else {
            throw UsageError("--resume \(CommandLineText.shown(resume)): written by \(header.versionDescription), this is hanjul \(HanJulVersion.release), engine \(HanJulVersion.engine); finish it with that version or start a new file")
        }
        var plan = Plan(options: SimOptions(resuming: header, workers: request.workers), ids: inFile)
        plan.done = prefix.tally
        plan.expectedHeader = header
        plan.openWriter = { () throws(UsageError) in try sweep { () throws(SweepError) in try SweepWriter(resuming: resume, keeping: prefix.validLength) } }
        return plan
    }

    /// Plays what `plan` leaves to play under `spec`, writes the games and the summary, and
    /// reports.
    func play(_ plan: Plan, _ spec: RuleSetSpec) throws(UsageError) -> ExitStatus {
        let options = plan.options, done = plan.done
        if let replayFolder {
            do throws(FileError) { try OutputFile.prepareFolder(replayFolder) } catch {
                throw UsageError("--save-replays: \(error)")
            }
        }
        let header = options.header(spec)
        if let expected = plan.expectedHeader, expected != header {
            let reason = expected.difference(from: header).map { "the installed mods are \($0)" } ?? "its header differs from what this run would write"
            throw UsageError("--resume \(CommandLineText.shown(resume ?? "")): \(reason); resume it where it was started, or start a new file")
        }
        let writer = try plan.openWriter()

        let remaining: ClosedRange<UInt64>? = done.games < options.seeds.count
            ? (options.seeds.lowerBound + UInt64(done.games))...options.seeds.upperBound : nil
        // The games are counted as they come (RunTally), never kept: memory grows with the
        // distinct values of the figures, not with the games.
        var tally = done
        do {
            if let writer, done.games == 0, plan.expectedHeader == nil { try writer.write(line: try JSONLines.text(SweepFile.HeaderLine(header: header))) }
            if let remaining {
                let progress = ProgressBar.make(total: remaining.count, label: "sim " + spec.name, lines: showProgress, quiet: quiet)
                progress?.announce(SimCommand.plan(options, remaining: remaining, resumed: done.games))
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
}
