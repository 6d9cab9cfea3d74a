import Foundation
import HanJulCore
import HanJulSim

/// `hanjul sim`: many seeded games with a bot, summarised; with `--jsonl` each game is
/// written as it finishes, and `--resume` finishes a run that was stopped.
enum SimCommand {
    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        var reader = ArgumentReader(arguments)
        let mods = try ModOptions(&reader)
        let request = try SimOptions.Request.read(&reader)
        let json = reader.flag("--json")
        let jsonl = try reader.value("--jsonl")
        let resume = try reader.value("--resume")
        let showProgress = reader.flag("--progress")
        let replayFolder = try reader.value("--save-replays")
        try reader.finish()
        if json && (jsonl != nil || resume != nil) { throw UsageError("give --json or --jsonl FILE, not both") }
        if jsonl != nil && resume != nil { throw UsageError("give --jsonl FILE to start a run or --resume FILE to finish one, not both") }
        if resume == "-" { throw UsageError("--resume needs the run's file, not standard output") }

        // What to play, and where the games go.
        var options: SimOptions
        var ids = mods.ids
        var done: [GameRecord] = []
        // Opened only once the rules load and the run checks out, so a refused run touches no file.
        var openWriter: () throws(UsageError) -> SweepWriter? = { nil }
        var expectedHeader: RunHeader?
        if let resume {
            let bytes = try readExisting(resume)
            let prefix = try SweepFile.prefix(of: bytes ?? [], path: resume)
            if let header = prefix.header {
                if let conflict = request.conflict(with: header) { throw UsageError("--resume \(resume): \(conflict)") }
                let inFile = SimOptions.modIDs(ofRules: header.rules)
                if !mods.ids.isEmpty && mods.ids != inFile {
                    throw UsageError("--resume \(resume): --mod \(mods.ids.joined(separator: " --mod ")), but the file's games were played under \(header.rules)")
                }
                guard header.hanjul == HanJulVersion.release && header.engine == HanJulVersion.engine else {
                    throw UsageError("--resume \(resume): written by \(header.versionDescription), this is hanjul \(HanJulVersion.release), engine \(HanJulVersion.engine); finish it with that version or start a new file")
                }
                ids = inFile
                options = SimOptions(resuming: header, workers: request.workers)
                done = prefix.records
                expectedHeader = header
                openWriter = { () throws(UsageError) in try SweepWriter(resuming: resume, keeping: prefix.validLength) }
            } else {
                guard request.sweep != nil else {
                    throw UsageError(bytes == nil
                        ? "--resume \(resume): no such file; give the run's options (--games N --seed S or --seeds A..B, …) to start it"
                        : "--resume \(resume): the run stopped before its header was written; give the run's options (--seeds A..B, …) to start it again")
                }
                options = try request.resolve()
                openWriter = { () throws(UsageError) in try SweepWriter(creating: resume, discarding: prefix.tornLength) }
            }
        } else {
            options = try request.resolve()
            if jsonl == "-" {
                openWriter = { SweepWriter(standardOutput: ()) }
            } else if let jsonl {
                // Refuse an existing file before any game is played, and again when opening it.
                if try readExisting(jsonl).map({ !$0.isEmpty }) == true { _ = try SweepWriter(creating: jsonl) }
                openWriter = { () throws(UsageError) in try SweepWriter(creating: jsonl) }
            }
        }

        let spec: RuleSetSpec
        switch SimOptions.ruleSet(ids, catalog: mods.catalog, command: "sim") {
        case .success(let loaded): spec = loaded
        case .failure(let error):
            StandardError.write("hanjul sim: \(error)")
            return .modError
        }
        let header = options.header(spec)
        if let expected = expectedHeader, expected != header {
            let reason = expected.difference(from: header).map { "the installed mods are \($0)" } ?? "its header differs from what this run would write"
            throw UsageError("--resume \(resume ?? ""): \(reason); resume it where it was started, or start a new file")
        }
        let writer = try openWriter()

        let remaining: ClosedRange<UInt64>? = done.count < options.seeds.count
            ? (options.seeds.lowerBound + UInt64(done.count))...options.seeds.upperBound : nil
        var records = done
        do {
            if let writer, done.isEmpty, expectedHeader == nil { try writer.write(line: try JSONLines.text(SweepFile.HeaderLine(header: header))) }
            if let remaining {
                let progress = ProgressBar.make(total: remaining.count, label: "sim " + spec.name, lines: showProgress)
                progress?.announce(plan(options, remaining: remaining, resumed: done.count))
                records.reserveCapacity(options.seeds.count)
                try ParallelRun.play(spec, seeds: remaining, config: options.config, workers: options.workers,
                                     progress: progress, replayFolder: replayFolder) { record in
                    if let writer { try writer.write(line: try JSONLines.text(record)) }
                    records.append(record)
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
        let summary = Summary(header: header, records: records)
        let text = json ? try JSONLines.text(summary, pretty: true) : summary.text
        // With the games on standard output, the summary goes to standard error.
        if jsonl == "-" { StandardError.write(text) } else { print(text) }
        return summary.ruleErrors > 0 ? .modError : .success
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
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw UsageError("cannot read '\(path)': \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw UsageError("--resume '\(path)' is not a regular file (a folder, link, FIFO or device?); give the run's JSONL file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("cannot read '\(path)'")
        }
        return [UInt8](data)
    }
}

/// The JSON of the simulation commands.
enum JSONLines {
    static func text(_ value: some Encodable, pretty: Bool = false) throws(UsageError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw UsageError("cannot encode JSON: \(error)")
        }
    }
}
