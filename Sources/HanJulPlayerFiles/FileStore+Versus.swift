import HanJulSystem
import HanJulCore
import HanJulFiles
import HanJulPlay
import HanJulReplay

/// `versus.txt`'s rows (`FileStore.versusResults`, `recordVersus`).
extension VersusResult {
    /// `versus.txt`: one row a line, `KEY<TAB>WINS<TAB>LOSSES`; lines that do not read are skipped.
    static func parse(_ text: String) -> [VersusResult] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3, let wins = Int(fields[1]), let losses = Int(fields[2]), wins >= 0, losses >= 0 else { return nil }
            return VersusResult(key: String(fields[0]), wins: wins, losses: losses)
        }
    }

    static func text(_ results: [VersusResult]) -> String {
        results.map { "\($0.key)\t\($0.wins)\t\($0.losses)\n" }.joined()
    }
}

extension FileStore {
    static let versusFileName = "versus.txt"

    /// Writes a match replay into `replays/` as `<name>.hjvs` (`-2`… when taken).
    public func saveVersusReplay(_ text: String, name: String) -> String? {
        guard let folder = replaysFolder else { return nil }
        var path = folder + "/\(name).hjvs"
        var suffix = 2
        while FileSystem.exists(path) && suffix < 100 {
            path = folder + "/\(name)-\(suffix).hjvs"
            suffix += 1
        }
        // Never over a match kept before.
        if FileSystem.exists(path) { return "could not save the match replay: \(name).hjvs to \(name)-99.hjvs are all taken" }
        do throws(FileError) {
            try Directory.create(folder)
            try AtomicFile.write(Array(text.utf8), to: path)
            return nil
        } catch {
            return "could not save the match replay to \(error.path): \(error.reason)"
        }
    }

    /// Whether `name` is a match replay's (`*.hjvs`).
    static func isVersusReplay(_ name: PathBytes) -> Bool {
        name.bytes.suffix(5).elementsEqual(".hjvs".utf8)
    }

    /// A saved file's name as its date orders it: a match's without `versus-`, so matches
    /// and games interleave by when they were played.
    static func newestFirstKey(_ name: PathBytes) -> PathBytes {
        let prefix = Array("versus-".utf8)
        return name.bytes.starts(with: prefix) ? PathBytes(bytes: name.bytes.dropFirst(prefix.count)) : name
    }

    /// The Replays page's line for the match replay at `path`: `versus eltetris 1pps` and the
    /// score (`2:1`), or what is wrong with the file.
    static func versusListing(path: PathBytes) -> ReplayListing {
        let bytes: [UInt8]
        do throws(FileError) { bytes = try SafeFile.read(path, maxBytes: VersusReplay.maxBytes) } catch {
            return ReplayListing(path: path, rules: "versus", problem: "could not read it: \(error.reason)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return ReplayListing(path: path, rules: "versus", problem: "not a versus match replay: not UTF-8 text")
        }
        let replay: VersusReplay
        do throws(VersusReplay.ParseError) { replay = try VersusReplay(parsing: text) } catch {
            return ReplayListing(path: path, rules: "versus", problem: "not a versus match replay: \(error)")
        }
        var listing = ReplayListing(path: path, rules: "versus " + VersusResult.key(bot: replay.bot, piecesPerSecond: replay.piecesPerSecond, mods: replay.mods),
                                    actions: replay.games.reduce(0) { $0 + $1.moves.count })
        listing.date = date(ofReplayNamed: newestFirstKey(path.name).shown)
        listing.outcome = "\(replay.yourScore[0]):\(replay.yourScore[1])"
        return listing
    }

    public func versusResults() -> [VersusResult] {
        guard let data = dataDirectory, let bytes = try? SafeFile.read(data + "/" + Self.versusFileName, maxBytes: 1 << 20) else { return [] }
        return VersusResult.parse(String(decoding: bytes, as: UTF8.self))
    }

    public func recordVersus(key: String, won: Bool) -> String? {
        guard let data = dataDirectory else { return nil }
        var results = versusResults()
        let clean = String(key.filter { $0 != "\t" && $0 != "\n" })
        if let index = results.firstIndex(where: { $0.key == clean }) {
            if won { results[index].wins += 1 } else { results[index].losses += 1 }
        } else {
            results.append(VersusResult(key: clean, wins: won ? 1 : 0, losses: won ? 0 : 1))
        }
        do throws(FileError) {
            try Directory.create(data)
            try AtomicFile.write(Array(VersusResult.text(results).utf8), to: data + "/" + Self.versusFileName)
            return nil
        } catch {
            return "could not save the versus results to \(error.path): \(error.reason)"
        }
    }
}
