import HanJulSystem
import HanJulFiles
import HanJulPlay

/// Which saved replays the data folder's `replays/` keeps: the newest `kept` (the
/// `replays_kept` setting, default 100) plus every replay of a game that made a high-score
/// table. `tidy` removes the rest when HanJul starts; `listing` is what the Replays screen
/// shows.
///
/// Only plain `*.hjr` and `*.hjvs` (versus match) files directly in the folder count:
/// folders, links, hidden and temporary files, and anything else are never listed nor
/// removed. Games and matches share the one count of newest kept; a match never makes a
/// high-score table, so an old one goes when `kept` newer replays are there. Newest means
/// latest modified (a replay is written once, when its game or match ends), then the name.
///
/// ```
/// let report = ReplayHousekeeping.tidy(dataDirectory: data, kept: settings.replaysKept)
/// let shown = ReplayHousekeeping.listing(dataDirectory: data, kept: settings.replaysKept).kept
/// ```
public enum ReplayHousekeeping {
    /// Replays kept when the settings say nothing.
    public static let defaultKept = PlayerSettings.defaults.replaysKept
    /// The folder under the data folder.
    public static let folderName = "replays"

    /// One saved replay.
    public struct SavedReplay: Equatable, Sendable {
        /// The file name (`20261201-113012-42.hjr`).
        public var name: String
        public var path: String
        /// Last modified, in nanoseconds since 1970.
        public var modified: Int64
        public var bytes: Int64
        /// Among the newest `kept`.
        public var isRecent: Bool
        /// The game made a high-score table: a table entry names this file (or the name it
        /// was saved under when that was taken: `X.hjr` for `X-2.hjr`), or, for entries
        /// saved before they named their replay, its date and seed match.
        public var madeHighScores: Bool
    }

    /// The folder's replays, newest first: those kept and those housekeeping removes.
    public struct Listing: Equatable, Sendable {
        public var kept: [SavedReplay]
        public var removable: [SavedReplay]

        public init(kept: [SavedReplay], removable: [SavedReplay]) {
            self.kept = kept
            self.removable = removable
        }
    }

    /// What `tidy` did.
    public struct Report: Equatable, Sendable {
        /// The file names removed.
        public var removed: [String]
        /// A line for the player when a replay could not be removed, or none were because
        /// the high scores did not read.
        public var message: String?

        public init(removed: [String], message: String?) {
            self.removed = removed
            self.message = message
        }
    }

    /// The replays in `dataDirectory/replays`, sorted into kept and removable. When the
    /// high scores do not read, nothing is removable (their replays cannot be told apart).
    public static func listing(dataDirectory: String, kept: Int) -> Listing {
        let replays = savedReplays(in: dataDirectory + "/" + folderName)
        guard let entries = HighScoreTable.allEntries(path: dataDirectory + "/" + HighScoreTable.fileName) else {
            var all = listing(of: replays, kept: Int.max, highScores: [])
            for index in all.kept.indices { all.kept[index].isRecent = index < max(0, kept) }
            return all
        }
        return listing(of: replays, kept: kept, highScores: entries)
    }

    /// `replays` (any order) sorted into kept and removable against `highScores`.
    public static func listing(of replays: [SavedReplay], kept: Int, highScores: [HighScore]) -> Listing {
        let named = Set(highScores.compactMap(\.replay))
        let unnamed = highScores.filter { $0.replay == nil }.compactMap(LegacyMatch.init)
        var result = Listing(kept: [], removable: [])
        let newestFirst = replays.sorted { ($0.modified, $0.name) > ($1.modified, $1.name) }
        for (index, replay) in newestFirst.enumerated() {
            var replay = replay
            replay.isRecent = index < max(0, kept)
            replay.madeHighScores = named.contains(replay.name) || named.contains(withoutTakenSuffix(replay.name))
                || unnamed.contains { $0.matches(replay.name) }
            if replay.isRecent || replay.madeHighScores {
                result.kept.append(replay)
            } else {
                result.removable.append(replay)
            }
        }
        return result
    }

    /// Removes the replays `listing` finds removable (at start, before the menu).
    @discardableResult
    public static func tidy(dataDirectory: String, kept: Int) -> Report {
        var report = Report(removed: [], message: nil)
        var failed: [String] = []
        for replay in listing(dataDirectory: dataDirectory, kept: kept).removable {
            do throws(Errno) {
                try FileSystem.remove(replay.path)
                report.removed.append(replay.name)
            } catch where error == .noSuchFileOrDirectory {
                report.removed.append(replay.name)
            } catch {
                failed.append("\(replay.name) (\(error.text))")
            }
        }
        if HighScoreTable.allEntries(path: dataDirectory + "/" + HighScoreTable.fileName) == nil {
            report.message = "the high scores in \(dataDirectory) did not read, so every old replay was kept"
        }
        if !failed.isEmpty {
            report.message = "could not remove \(failed.count) old replay\(failed.count == 1 ? "" : "s") from "
                + "\(dataDirectory)/\(folderName): " + failed.prefix(3).joined(separator: ", ") + (failed.count > 3 ? ", …" : "")
        }
        return report
    }

    /// `name` without the `-2`…`-99` the saver adds when a name is taken (`X-2.hjr` →
    /// `X.hjr`), so an entry naming the replay it asked for keeps the one written.
    static func withoutTakenSuffix(_ name: String) -> String {
        guard name.hasSuffix(".hjr") else { return name }
        let stem = name.dropLast(4)
        guard let dash = stem.lastIndex(of: "-") else { return name }
        let digits = stem[stem.index(after: dash)...]
        guard (1...2).contains(digits.count), digits.allSatisfy(\.isNumber), digits.first != "0", digits != "1" else { return name }
        return String(stem[..<dash]) + ".hjr"
    }

    /// The plain `*.hjr` and `*.hjvs` files directly in `folder` (none when it cannot be read).
    static func savedReplays(in folder: String) -> [SavedReplay] {
        guard let names = try? Directory.names(in: PathBytes(folder)) else { return [] }
        var found: [SavedReplay] = []
        for bytes in names {
            // A name that is not UTF-8 is none HanJul saved, and no text names that file
            // (H-5): it is never listed, so never removed. Every other name is exact text.
            guard let name = bytes.text, HighScore.isReplayFileName(name) || isMatchReplayName(name) else { continue }
            let path = folder + "/" + name
            guard let status = try? FileStatus.ofLink(atPath: path), status.kind == .regular else { continue }
            found.append(SavedReplay(name: name, path: path, modified: status.modified, bytes: Int64(status.size),
                                     isRecent: false, madeHighScores: false))
        }
        return found
    }

    /// A versus match replay's name (`versus-20261202-142233.hjvs`), held to the same
    /// rules as a game's: no folder, not hidden, nothing invisible.
    static func isMatchReplayName(_ name: String) -> Bool {
        name.hasSuffix(".hjvs") && HighScore.isReplayFileName(String(name.dropLast(5)) + ".hjr")
    }

    /// An entry saved before entries named their replay: its replay is the one saved for
    /// that seed in that minute, `YYYYMMDD-HHMMSS-<seed>.hjr` (or `…-<seed>-2.hjr` when
    /// the name was taken).
    struct LegacyMatch {
        let prefix: String
        let seed: String

        init?(_ entry: HighScore) {
            // The entry's date is `YYYY-MM-DD HH:MM`.
            let digits = entry.date.filter(\.isASCII).filter(\.isNumber)
            guard entry.date.count == 16, digits.count == 12, !entry.seed.isEmpty, entry.seed.allSatisfy(\.isNumber) else { return nil }
            prefix = String(digits.prefix(8)) + "-" + String(digits.dropFirst(8))
            seed = entry.seed
        }

        func matches(_ name: String) -> Bool {
            guard name.hasPrefix(prefix), name.hasSuffix(".hjr") else { return false }
            let rest = name.dropFirst(prefix.count).dropLast(4)  // "SS-<seed>" or "SS-<seed>-N"
            guard rest.count > 3, rest.prefix(2).allSatisfy(\.isNumber), rest.dropFirst(2).first == "-" else { return false }
            let tail = rest.dropFirst(3)
            if tail == seed { return true }
            guard tail.hasPrefix(seed + "-") else { return false }
            let suffix = tail.dropFirst(seed.count + 1)
            return !suffix.isEmpty && suffix.allSatisfy(\.isNumber)
        }
    }
}

extension HighScoreTable {
    /// Every entry of every table in the file at `path`: none when there is no file, nil
    /// when it is there but does not read (damaged, or from a newer HanJul).
    public static func allEntries(path: String) -> [HighScore]? {
        let record: RecordFile.Record?
        do { record = try DurableStore.load(path, kind: kind, version: version) } catch { return nil }
        guard let record else { return [] }
        let tables = record.payload["tables"]?.objectValue ?? []
        return tables.flatMap { $0.value["entries"]?.arrayValue?.compactMap(entry) ?? [] }
    }
}
