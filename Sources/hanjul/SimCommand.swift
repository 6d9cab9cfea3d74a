import Foundation
import HanJulCore
import HanJulSim

/// `hanjul sim`: many seeded games with a bot, summarised.
enum SimCommand {
    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        var reader = ArgumentReader(arguments)
        let mods = try ModOptions(&reader)
        let options = try SimOptions.read(&reader)
        let json = reader.flag("--json")
        let jsonl = try reader.value("--jsonl")
        let replayFolder = try reader.value("--save-replays")
        try reader.finish()
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
        print(json ? try JSONLines.text(summary, pretty: true) : summary.text)
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
        guard FileManager.default.createFile(atPath: path, contents: Data(out.utf8)) else {
            throw UsageError("--jsonl: cannot write '\(path)'")
        }
    }

    /// Every header and game of a JSONL file.
    static func read(_ path: String) throws(UsageError) -> [(header: RunHeader, records: [GameRecord])] {
        guard let data = FileManager.default.contents(atPath: path) else { throw UsageError("cannot read '\(path)'") }
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
