#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HanJulBench
import HanJulCore

/// Where `hanjul bench` ran: the CPU and the commit, printed beside the ratios so that
/// figures of two builds or two machines are never read as one.
struct BenchMachine: Equatable {
    /// `/proc/cpuinfo`'s first `model name`, or "unknown".
    var cpu: String
    /// The commit of the git checkout the binary is in (12 hex digits), `+changes` when
    /// tracked files differ from it; "unknown" outside a checkout or without git.
    var commit: String

    static func current() -> BenchMachine {
        let info = FileManager.default.contents(atPath: "/proc/cpuinfo").map { String(decoding: $0, as: UTF8.self) }
        return BenchMachine(cpu: info.flatMap(cpuModel(cpuinfo:)) ?? "unknown", commit: commit() ?? "unknown")
    }

    /// The first `model name` (x86) or `Model`/`CPU part` line's value in a `/proc/cpuinfo` text.
    static func cpuModel(cpuinfo: String) -> String? {
        for key in ["model name", "Model", "Hardware"] {
            for line in cpuinfo.split(separator: "\n") where line.hasPrefix(key) {
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].split(whereSeparator: \.isWhitespace).joined(separator: " ") == key else { continue }
                let value = parts[1].split(whereSeparator: \.isWhitespace).joined(separator: " ")
                if !value.isEmpty { return value }
            }
        }
        return nil
    }

    /// The checkout's commit, read with git from the folder of the running binary.
    static func commit() -> String? {
        guard let git = Bench.which("git"), let scratch = Bench.scratchFolder() else { return nil }
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().path
        let head = Bench.execute(git, ["-C", folder, "rev-parse", "--short=12", "HEAD"], output: scratch.path + "/head")
        let hash = head.output.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? ""
        guard head.status == 0, hash.count >= 7, hash.allSatisfy(\.isHexDigit) else { return nil }
        let status = Bench.execute(git, ["-C", folder, "status", "--porcelain", "--untracked-files=no"],
                                          output: scratch.path + "/status")
        let changed = status.status == 0 && status.output.contains { !$0.isWhitespace }
        return hash + (changed ? "+changes" : "")
    }
}

/// `hanjul bench --json`: one object (docs/SIM.md, "bench --json", gives the schema).
struct BenchReport: Encodable {
    struct Measurement: Encodable {
        var piecesPerSecond: Double
        var placementsPerSecond: Double
        /// The best round's counts.
        var games: Int
        var pieces: Int
        var placements: Int
        var cpuSeconds: Double
        /// Every round's pieces per second, in the order measured.
        var rounds: [Double]

        init(_ rounds: Bench.Rounds) {
            piecesPerSecond = rounds.best.piecesPerSecond
            placementsPerSecond = rounds.best.placementsPerSecond
            games = rounds.best.games
            pieces = rounds.best.pieces
            placements = rounds.best.placements
            cpuSeconds = rounds.best.seconds
            self.rounds = rounds.rates
        }
    }

    struct Mod: Encodable {
        var id: String
        var goal: Double
        var measurement: Measurement?
        var ratioToBuiltIn: Double?
        /// Why it was not measured.
        var note: String?
    }

    struct Reference: Encodable {
        var compiler: String
        var flags: String
        var piecesPerSecond: Double
        var placementsPerSecond: Double
        var rounds: [Double]
    }

    var schema = 1
    var version = HanJulVersion.release
    var commit: String
    var cpu: String
    var games: Int
    var cap: Int
    var roundCount: Int
    var builtIn: Measurement
    var mods: [Mod]
    var reference: Reference?
    var referenceNote: String?
    /// Built-in pieces per second over the reference's (and placements).
    var ratioToReference: Double?
    var placementRatioToReference: Double?

    init(request: BenchRun, machine: BenchMachine, builtIn: Bench.Rounds,
         mods: [(id: String, goal: Double, rounds: Bench.Rounds?, note: String?)],
         reference: Bench.Rounds?, compiler: String?, referenceNote: String?) {
        commit = machine.commit
        cpu = machine.cpu
        games = request.games
        cap = request.cap
        roundCount = request.rounds
        self.builtIn = Measurement(builtIn)
        self.mods = mods.map { mod in
            Mod(id: mod.id, goal: mod.goal, measurement: mod.rounds.map(Measurement.init),
                ratioToBuiltIn: mod.rounds.map { $0.best.piecesPerSecond / builtIn.best.piecesPerSecond }, note: mod.note)
        }
        if let reference, let compiler {
            self.reference = Reference(compiler: compiler, flags: "-O2 -march=x86-64", piecesPerSecond: reference.best.piecesPerSecond,
                                       placementsPerSecond: reference.best.placementsPerSecond, rounds: reference.rates)
            ratioToReference = builtIn.best.piecesPerSecond / reference.best.piecesPerSecond
            placementRatioToReference = builtIn.best.placementsPerSecond / reference.best.placementsPerSecond
        }
        self.referenceNote = referenceNote
    }
}
