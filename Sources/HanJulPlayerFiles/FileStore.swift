import HanJulSystem
import HanJulCore
import HanJulFiles
import HanJulPlay
import HanJulReplay

/// The data folder (`$XDG_DATA_HOME/hanjul`) as the session's `PlayStore`: `scores.hjr` and `replays/`; or nothing at
/// all when there is no data folder (high scores then live for the session only).
public final class FileStore: PlayStore {
    public let dataDirectory: String?
    private var memory: [String: [HighScore]] = [:]
    private var memoryOrder: [String: Bool] = [:]
    private var memoryKeys: [String] = []

    public init(dataDirectory: String?) {
        self.dataDirectory = dataDirectory
    }

    var scoresPath: String? { dataDirectory.map { $0 + "/" + HighScoreTable.fileName } }
    /// The folder replays are saved in.
    public var replaysFolder: String? { dataDirectory.map { $0 + "/replays" } }

    public func highScores(key: String) -> [HighScore] {
        guard let path = scoresPath else { return memory[key] ?? [] }
        return HighScoreTable.load(path: path, key: key)
    }

    public func saveHighScore(_ entry: HighScore, key: String, lowerIsBetter: Bool?) -> HighScoreTable.Outcome {
        guard let path = scoresPath else {
            if memory[key] == nil { memoryKeys.append(key) }
            let lower = lowerIsBetter ?? memoryOrder[key] ?? false
            memoryOrder[key] = lower
            let table = HighScoreTable.ranked((memory[key] ?? []) + [entry], lowerIsBetter: lower)
            memory[key] = table
            return HighScoreTable.Outcome(table: table, rank: table.firstIndex(of: entry), message: nil)
        }
        return HighScoreTable.save(entry, key: key, lowerIsBetter: lowerIsBetter, path: path)
    }

    public func renameHighScore(_ entry: HighScore, to name: String?, key: String) -> HighScoreTable.Outcome {
        guard let path = scoresPath else {
            var renamed = entry
            renamed.name = name.map(HighScore.cleanName).flatMap { $0.isEmpty ? nil : $0 }
            var table = memory[key] ?? []
            if let index = table.firstIndex(of: entry) { table[index] = renamed }
            memory[key] = table
            return HighScoreTable.Outcome(table: table, rank: table.firstIndex(of: renamed), message: nil)
        }
        return HighScoreTable.rename(entry, to: name, key: key, path: path)
    }

    public func tableKeys() -> [String] {
        guard let path = scoresPath else { return memoryKeys }
        return HighScoreTable.keys(path: path)
    }

    public func lowerIsBetter(key: String) -> Bool? {
        guard let path = scoresPath else { return memoryOrder[key] == true ? true : nil }
        return HighScoreTable.lowerIsBetter(path: path, key: key)
    }

    /// Replays are named `YYYYMMDD-HHMMSS-SEED.hjr` and matches `versus-YYYYMMDD-HHMMSS.hjvs`,
    /// so newest first is the names (without `versus-`) in descending order; each is read for
    /// its rules (a damaged one is listed with why).
    /// Names stay bytes (H-5): each listing opens, verifies and deletes the file it was
    /// listed from, whatever its name holds.
    public func replays() -> [ReplayListing] {
        guard let folder = replaysFolder.map({ PathBytes($0) }),
              let names = try? Directory.names(in: folder) else { return [] }
        let suffix = Array(".hjr".utf8)
        let replays = names.filter {
            $0.bytes.first != UInt8(ascii: ".") && ($0.bytes.suffix(suffix.count).elementsEqual(suffix) || Self.isVersusReplay($0))
        }
        var tables: [String: [HighScore]] = [:]
        // Bounded: the listing reads each file; a folder of thousands shows the newest.
        return replays.sorted { Self.newestFirstKey($0) > Self.newestFirstKey($1) }.prefix(Self.listedReplays).map { name in
            let path = folder.appending(name)
            if Self.isVersusReplay(name) { return Self.versusListing(path: path) }
            do throws(ReplayFile.ReadError) {
                let replay = try ReplayFile.read(path)
                let key = HighScoreTable.key(for: replay.rules)
                var listing = ReplayListingReader.listing(path: path, rules: Self.describe(replay.rules), key: key, replay: replay)
                if tables[key] == nil { tables[key] = highScores(key: key) }
                let shown = name.shown
                if let entry = tables[key]?.first(where: { $0.replay == shown }) {
                    listing.outcome = entry.resultText ?? "score \(entry.score), " + ResultFormat.text(entry.lines, unit: .lines)
                }
                return listing
            } catch {
                return ReplayListing(path: path, rules: "?", problem: "\(error)")
            }
        }
    }

    /// When a saved game was played, from its file name (`YYYYMMDD-HHMMSS-SEED.hjr`, or a
    /// match's `YYYYMMDD-HHMMSS.hjvs` without `versus-`): `YYYY-MM-DD HH:MM`; nil for other names.
    static func date(ofReplayNamed name: String) -> String? {
        let bytes = Array(name.utf8)
        guard bytes.count >= 16, bytes[8] == UInt8(ascii: "-"), bytes[15] == UInt8(ascii: "-") || bytes[15] == UInt8(ascii: "."),
              bytes[0..<8].allSatisfy({ (0x30...0x39).contains($0) }), bytes[9..<15].allSatisfy({ (0x30...0x39).contains($0) }) else {
            return nil
        }
        let d = String(decoding: bytes[0..<15], as: UTF8.self)
        func part(_ from: Int, _ to: Int) -> Substring { d.dropFirst(from).prefix(to - from) }
        return "\(part(0, 4))-\(part(4, 6))-\(part(6, 8)) \(part(9, 11)):\(part(11, 13))"
    }

    /// The most replays the Replays page lists.
    public static let listedReplays = 500

    public func replay(named name: String) -> Replay? {
        guard let folder = replaysFolder, HighScore.isReplayFileName(name) else { return nil }
        return try? ReplayFile.read(folder + "/" + name)
    }

    public func deleteReplay(path: PathBytes) -> String? {
        guard let folder = replaysFolder, path.isInside(PathBytes(folder)) else { return "not a replay of the data folder" }
        do throws(FileError) {
            try path.remove()
            return nil
        } catch {
            return "could not delete \(path.shown): \(error.errno.map { Errno(rawValue: $0).text } ?? error.reason)"
        }
    }

    /// Rules in words: `standard`, or the mods' ids and versions in order.
    static func describe(_ rules: RulesIdentity) -> String {
        rules.mods.isEmpty ? rules.name : rules.mods.map { "\($0.id) \($0.version)" }.joined(separator: " + ")
    }
}

/// A readable replay's listing: its rules, date, and the score it ended with (its last
/// checkpoint) until its table says more.
enum ReplayListingReader {
    static func listing(path: PathBytes, rules: String, key: String, replay: Replay) -> ReplayListing {
        var listing = ReplayListing(path: path, rules: rules, tableKey: key, actions: replay.actions.count)
        listing.date = FileStore.date(ofReplayNamed: path.name.shown)
        if let last = replay.checkpoints.last {
            listing.outcome = "score \(last.score), " + ResultFormat.text(last.lines, unit: .lines) + (last.isOver ? "" : ", left")
        }
        return listing
    }
}
