import HanJulBot
import HanJulCommandLine
import HanJulCore
import HanJulFiles
import HanJulMods
import HanJulSim
import HanJulSweep

/// `hanjul sim --versus A:B`: seeded bot-against-bot matches (VersusMatch), summarised; with
/// `--jsonl` each match is written as its block finishes, and `--resume` finishes a stopped run.
extension SimCommand {
    static let versus = Option("--versus", value: "A:B",
                               help: "play bot-against-bot matches instead of single games: bot A against bot B (each as --bot takes it, e.g. eltetris:attack), "
                                   + "each side at --pps (default 1), garbage by the mods' attack and garbage rules (Mods/versus); "
                                   + "reports A's win rate with a 95% interval, attack per piece, spins per T piece, garbage received and match length; "
                                   + "--jsonl, --resume, --shard, --summary and --progress work as for games (a header line, then a line per match); "
                                   + "hanjul stats merges the files")

    static let speed = Option.flag("--speed", help: "with --versus: also report each side's search speed, the placements its bot looked at per second "
                                       + "of CPU time spent choosing (each worker thread's own CPU clock); the matches are the same with or without it")

    /// Whether `--resume FILE` names a versus run's file (its first line `{"versus":…`).
    static func resumesVersus(_ arguments: Arguments) throws(UsageError) -> Bool {
        guard let path = arguments.value(resume), !StandardStreams.isStream(path), let bytes = try readExisting(path) else { return false }
        return VersusFile.headerPrefix.starts(with: bytes.prefix(VersusFile.headerPrefix.count)) && bytes.count >= VersusFile.headerPrefix.count
    }

    /// A versus side's pace: `--pps` when given, else its level's, else the default.
    static func pace(_ given: Double?, level: BotLevel?) -> Double {
        if let given { return given }
        if let level { return level.piecesPerSecond }
        return VersusConfig.defaultPiecesPerSecond
    }

    static func runVersus(_ arguments: Arguments, pair: String?) throws(UsageError) -> ExitStatus {
        let run = try SimVersusRun(arguments, pair: pair)
        try run.validate()
        return try playVersus(run)
    }

    /// Plays the matches `run` asks for (or those a resumed file lacks), writes them and reports.
    static func playVersus(_ run: SimVersusRun) throws(UsageError) -> ExitStatus {
        let (pair, showProgress, quiet, summaryPath) = (run.pair, run.showProgress, run.quiet, run.summaryPath)
        let (json, jsonl, resume, mods, request) = (run.json, run.jsonl, run.resume, run.mods, run.request)

        var header: VersusHeader?
        var done: [MatchRecord] = []
        var openWriter: () throws(UsageError) -> SweepWriter? = { nil }
        if let resume {
            let bytes = try readExisting(resume)
            let prefix = try sweep { () throws(SweepError) in try VersusFile.prefix(of: bytes ?? [], path: resume) }
            if let found = prefix.header {
                if let conflict = versusConflict(request, pair: pair, ids: mods.ids, with: found) {
                    throw UsageError("--resume \(CommandLineText.shown(resume)): \(conflict)")
                }
                guard found.hanjul == HanJulVersion.release && found.engine == HanJulVersion.engine else {
                    throw UsageError("--resume \(CommandLineText.shown(resume)): written by hanjul \(found.hanjul), engine \(found.engine); this is hanjul \(HanJulVersion.release), engine \(HanJulVersion.engine); finish it with that version or start a new file")
                }
                header = found
                done = prefix.records
                openWriter = { () throws(UsageError) in try sweep { () throws(SweepError) in try SweepWriter(resuming: resume, keeping: prefix.validLength) } }
            } else {
                guard request.sweep != nil, pair != nil else {
                    throw UsageError("--resume \(CommandLineText.shown(resume)): no versus run there yet; give --versus A:B and the seeds (--games N --seed S or --seeds A..B) to start it")
                }
                openWriter = { () throws(UsageError) in try sweep { () throws(SweepError) in try SweepWriter(creating: resume, discarding: prefix.tornLength) } }
            }
        } else if let jsonl {
            if StandardStreams.isStream(jsonl) {
                openWriter = { SweepWriter(standardOutput: ()) }
            } else {
                if try readExisting(jsonl).map({ !$0.isEmpty }) == true { _ = try sweep { () throws(SweepError) in try SweepWriter(creating: jsonl) } }
                openWriter = { () throws(UsageError) in try sweep { () throws(SweepError) in try SweepWriter(creating: jsonl) } }
            }
        }

        // The run: from the file when resuming, else from the options.
        let ids: [String], seeds: ClosedRange<UInt64>, shard: Shard?, config: VersusConfig, names: (String, String)
        let workers = request.workers ?? Platform.cpuGrant.count
        if let header {
            ids = SimOptions.modIDs(ofRules: header.rules)
            (seeds, shard, config, names) = (header.seeds, header.shard, header.config, (header.a.name, header.b.name))
        } else {
            guard let pair else { throw UsageError("give --versus A:B") }
            let halves = try SimOptions.splitPair(pair)
            let botA = try SimOptions.parseBot(halves.0, option: "--versus"), botB = try SimOptions.parseBot(halves.1, option: "--versus")
            if request.choice?.level != nil { throw UsageError("--versus takes each side's level in its name (eltetris:attack,hard), not --bot-level") }
            let options = try request.resolve()
            var pace: Double?
            if let given = request.pps {
                guard let given else { throw UsageError("--versus needs a pace: --pps 0 (no pace) has no match clock") }
                pace = given
            }
            var made = VersusConfig(cap: options.config.cap)
            for (index, choice) in [botA, botB].enumerated() {
                var bot = options.config.bot
                choice.apply(to: &bot)
                // A side's level sets its pace, unless --pps gives one for both.
                let side = VersusSide(bot: bot, piecesPerSecond: Self.pace(pace, level: choice.level))
                if index == 0 { made.a = side } else { made.b = side }
            }
            (ids, seeds, shard, config, names) = (mods.ids, options.seeds, options.shard, made, (halves.0, halves.1))
        }
        let spec: VersusSpec
        switch versusSpec(ids, catalog: mods.catalog) {
        case .success(let loaded): spec = loaded
        case .failure(let error):
            StandardError.write("hanjul sim: \(error)")
            return .loading(error)
        }
        let fresh = VersusHeader(rules: spec.name, mods: spec.lockfile.isEmpty ? nil : spec.lockfile, names: names, config: config,
                                 seeds: seeds, shard: shard)
        if let header, header != fresh {
            throw UsageError("--resume \(CommandLineText.shown(resume ?? "")): the installed mods differ from the run's (\(header.mods?.joined(separator: " ") ?? header.rules)); resume it where it was started, or start a new file")
        }
        let writer = try openWriter()
        var count = VersusCount()
        let speed = run.speed ? SearchTotals() : nil
        try sweep { () throws(SweepError) in for record in done { try count.add(record) } }
        do {
            if let writer, header == nil { try writer.write(line: try JSONLines.text(VersusFile.HeaderLine(fresh))) }
            if done.count < seeds.count {
                let remaining = (seeds.lowerBound + UInt64(done.count))...seeds.upperBound
                let progress = ProgressBar.make(total: remaining.count, label: "sim " + spec.name, lines: showProgress, quiet: quiet, unit: "matches")
                progress?.announce(versusPlan(names, shard: shard, remaining: remaining, resumed: done.count, workers: workers))
                try VersusPool.play(spec, seeds: remaining, config: config, workers: workers, progress: progress, speed: speed) { (record) throws(SweepError) in
                    if let writer {
                        do { try writer.write(line: try JSONLines.text(record)) } catch let failure as SweepWriter.Failure {
                            throw SweepError(failure.message + " (the matches written so far are kept; finish with --resume)")
                        } catch { throw SweepError("\(error)") }
                    }
                    try count.add(record)
                }
            }
            try writer?.finish()
        } catch let failure as SweepWriter.Failure {
            if !failure.readerGone { StandardError.write("hanjul sim: \(failure.message) (the matches written so far are kept; finish with --resume)") }
            return .failure
        } catch let error as SweepError {
            StandardError.write("hanjul sim: \(error)")
            return .failure
        } catch {
            throw UsageError("\(error)")
        }
        if let summaryPath {
            let bytes = try sweep { () throws(SweepError) in try VersusSummaryFile.bytes(header: fresh, seeds: [seeds], count: count) }
            do throws(FileError) { try OutputFile.write(bytes, to: summaryPath) } catch {
                throw UsageError("--summary: \(error)")
            }
        }
        let tally = count.tally
        var summary = VersusSummary(rules: spec.name, seeds: seeds, config: config, names: names, tally: tally)
        if let speed { summary.speed = VersusSummary.Speed(matches: seeds.count - done.count, sides: speed.total) }
        Report(toStandardError: jsonl.map(StandardStreams.isStream) ?? false)
            .line(json ? try sweep { () throws(SweepError) in try JSONLines.text(summary, pretty: true) } : summary.text, data: json)
        return tally.errors > 0 ? .modError : .success
    }

    /// The line `--progress` starts with: `20 matches (seeds 1…20) of eltetris:attack on 2 workers: …`.
    static func versusPlan(_ names: (String, String), shard: Shard?, remaining: ClosedRange<UInt64>, resumed: Int, workers: Int) -> String {
        var text = "\(remaining.count) matches (seeds \(remaining.lowerBound)…\(remaining.upperBound)"
        if let shard { text += ", shard \(shard.description) of \(shard.firstSeed)…\(shard.lastSeed)" }
        text += ") of \(names.0):\(names.1)"
        if resumed > 0 { text += " after \(resumed) already in the file" }
        return text + " on \(workers) worker\(workers == 1 ? "" : "s"): " + Platform.cpuGrant.description
    }

    /// How the options given disagree with a versus run's header, or nil.
    static func versusConflict(_ request: SimOptions.Request, pair: String?, ids: [String], with header: VersusHeader) -> String? {
        let sweepInFile = header.shard?.sweep ?? header.seeds
        if let sweep = request.sweep, sweep != sweepInFile {
            return "seeds \(sweep.lowerBound)..\(sweep.upperBound), but the file's run is \(sweepInFile.lowerBound)..\(sweepInFile.upperBound)"
        }
        if let shard = request.shard, shard.index != header.shard?.index || shard.count != header.shard?.count {
            return "--shard \(shard.index)/\(shard.count), but the file holds \(header.shard.map { "shard " + $0.description } ?? "a whole run")"
        }
        if let pair, pair != header.a.name + ":" + header.b.name {
            return "--versus \(pair), but the file's matches are \(header.a.name):\(header.b.name)"
        }
        if !ids.isEmpty && ids != SimOptions.modIDs(ofRules: header.rules) {
            return "--mod \(ids.joined(separator: " --mod ")), but the file's matches were played under \(header.rules)"
        }
        if let cap = request.cap, cap != header.cap { return "--cap \(cap), but the file's matches were capped at \(header.cap)" }
        if let pps = request.pps, pps != header.a.pps { return "--pps given differs from the file's \(header.a.pps)" }
        return nil
    }

    /// The standard rules (no attack: nothing is ever sent) or the mods `ids`, with their
    /// `attack` hook and `garbage` table.
    static func versusSpec(_ ids: [String], catalog: ModCatalog) -> Result<VersusSpec, ModLoadError> {
        if ids.isEmpty { return .success(VersusSpec(name: "standard") { VersusRules(rules: StandardRules()) }) }
        do throws(ModLoadError) {
            let packages = try catalog.packages(ids)
            let quarantine = HangGuard.quarantine
            try catalog.refuseQuarantined(packages, quarantine: quarantine)
            let watchdog = HangGuard.watchdog(for: packages, quarantine: quarantine, command: "sim")
            let loaded = try catalog.rules(packages: packages, watchdog: watchdog)
            var spec = VersusSpec(name: ids.map { "mod:" + $0 }.joined(separator: "+")) {
                let rules = try catalog.rules(packages: packages, watchdog: watchdog)
                return rules.versusSide
            }
            spec.lockfile = loaded.identity.mods.map { "\($0.id)@\($0.version)#\($0.sha256)" }
            return .success(spec)
        } catch {
            return .failure(error)
        }
    }
}
