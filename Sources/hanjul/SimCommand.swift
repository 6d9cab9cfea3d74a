#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HanJulCommandLine
import HanJulCore
import HanJulSim

/// `hanjul sim`: many seeded games with a bot, summarised.
enum SimCommand {
    static let json = Option.flag("--json", help: "print the summary as JSON")
    static let jsonl = Option("--jsonl", value: "FILE", kind: .output,
                              help: "write a header line, then one JSON line per game; with '-' they go to standard output and the summary to standard error")
    static let saveReplays = Option("--save-replays", value: "DIR", kind: .folder,
                                    help: "save each game's replay as DIR/<rules>-<seed>.hjr")

    static let declaration = Command(
        "sim", summary: "play seeded games with a bot and summarise them",
        synopsis: ["[--mod ID]... " + SimOptions.usage + " [--json | --jsonl FILE] [--save-replays DIR]"],
        discussion: [
            "The bot plays through the real rules: for each piece it finds every placement reachable from the spawn, "
                + "scores the board each leaves and plays the best as actions. Per game: seed, pieces, lines, score, "
                + "level, outcome, clears by size, score per piece, stack heights, holes; per figure the mean, median, "
                + "p5/p95, standard deviation and a 95% confidence interval. Results are identical whatever the "
                + "number of workers. Built-in variants for quick comparisons: uniform (no bag), nokick.",
            "  hanjul sim --games 200 --seed 1 --cap 2000 --noise 0.05\n  hanjul sim --mod garbage --seeds 1..100 --jsonl garbage.jsonl",
        ],
        options: ModOptions.options + SimOptions.options + [json, jsonl, saveReplays])

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitStatus {
        let mods = try ModOptions(arguments)
        let options = try SimOptions.read(arguments)
        let json = arguments.flag(Self.json)
        let jsonl = arguments.value(Self.jsonl)
        let replayFolder = arguments.value(saveReplays)
        if json && jsonl != nil { throw UsageError("give --json or --jsonl FILE, not both") }
        let spec: RuleSetSpec
        switch SimOptions.ruleSet(mods.ids, catalog: mods.catalog, command: "sim") {
        case .success(let loaded): spec = loaded
        case .failure(let error):
            StandardError.write("hanjul sim: \(error)")
            return .modError
        }

        let records = try ParallelRun.play(spec, seeds: options.seeds, config: options.config,
                                           workers: options.workers, label: spec.name, replayFolder: replayFolder)
        let header = options.header(spec)
        if let jsonl {
            try JSONLines.write(header: header, records: records, to: jsonl)
        }
        let summary = Summary(header: header, records: records)
        Report(toStandardError: jsonl.map(StandardStreams.isStream) ?? false)
            .line(json ? try JSONLines.text(summary, pretty: true) : summary.text)
        return summary.ruleErrors > 0 ? .modError : .success
    }
}

/// The JSON and JSONL files of the simulation commands.
enum JSONLines {
    struct HeaderLine: Codable { var header: RunHeader? }

    static func text(_ value: some Encodable, pretty: Bool = false) throws(UsageError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw UsageError("cannot encode JSON: \(error)")
        }
    }

    /// A header line, then one game per line in seed order.
    static func write(header: RunHeader, records: [GameRecord], to path: String) throws(UsageError) {
        var out = try text(HeaderLine(header: header)) + "\n"
        for record in records { out += try text(record) + "\n" }
        if StandardStreams.isStream(path) {
            StandardStreams.writeOutput(Array(out.utf8))
            return
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(out.utf8)) else {
            throw UsageError("--jsonl: cannot write \(CommandLineText.quoted(path))")
        }
    }

    /// Every header and game of a JSONL file.
    static func read(_ path: String) throws(UsageError) -> [(header: RunHeader, records: [GameRecord])] {
        let data: Data
        if StandardStreams.isStream(path) {
            data = Data(try StandardStreams.readInput(maxBytes: 1 << 32, what: "hanjul stats"))
        } else {
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw UsageError("cannot read \(CommandLineText.quoted(path))")
            }
            data = contents
        }
        let path = CommandLineText.shown(StandardStreams.isStream(path) ? "standard input" : path)
        let decoder = JSONDecoder()
        var runs: [(header: RunHeader, records: [GameRecord])] = []
        var number = 0
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            if line.allSatisfy({ $0 == 32 || $0 == 13 }) { continue }
            let bytes = Data(line)
            if let header = try? decoder.decode(HeaderLine.self, from: bytes).header {
                guard header.format <= RunHeader.currentFormat else {
                    throw UsageError("\(path):\(number): format \(header.format) is newer than this hanjul reads (\(RunHeader.currentFormat))")
                }
                runs.append((header, []))
                continue
            }
            guard !runs.isEmpty else { throw UsageError("\(path):\(number): a game line before any header line; is this hanjul sim --jsonl output?") }
            do {
                runs[runs.count - 1].records.append(try decoder.decode(GameRecord.self, from: bytes))
            } catch {
                throw UsageError("\(path):\(number): not a game record (truncated file?)")
            }
        }
        guard !runs.isEmpty else { throw UsageError("\(path): no header line; is this hanjul sim --jsonl output?") }
        return runs
    }
}
