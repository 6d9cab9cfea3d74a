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

/// What `hanjul bench` measures and how: rounds, figures, and the C reference built and run.
/// `hanjul bench` (HanJulCommands' BenchCommand) reads its options and prints the report.
package enum Bench {
    /// A measurement's rounds: the best (the highest rate) and the range of rates.
    package struct Rounds {
        package var best: Figures
        package var slowest: Double
        package var count: Int
        /// Every round's pieces per second, in the order measured.
        package var rates: [Double]

        package static func adding(_ figures: Figures, to rounds: Rounds?) -> Rounds {
            guard var rounds else { return Rounds(best: figures, slowest: figures.piecesPerSecond, count: 1, rates: [figures.piecesPerSecond]) }
            if figures.piecesPerSecond > rounds.best.piecesPerSecond { rounds.best = figures }
            rounds.slowest = min(rounds.slowest, figures.piecesPerSecond)
            rounds.count += 1
            rounds.rates.append(figures.piecesPerSecond)
            return rounds
        }

        /// `; rounds 712,000–790,000 pieces/s` when there was more than one.
        package var spread: String {
            count > 1 ? "; rounds \(Format.grouped(slowest))–\(Format.grouped(best.piecesPerSecond)) pieces/s" : ""
        }
    }

    package struct Figures {
        package var pieces: Int
        package var placements: Int
        package var games: Int
        package var seconds: Double
        package var piecesPerSecond: Double { Double(pieces) / seconds }
        package var placementsPerSecond: Double { Double(placements) / seconds }

        package init(pieces: Int, placements: Int, games: Int, seconds: Double) {
            (self.pieces, self.placements, self.games, self.seconds) = (pieces, placements, games, seconds)
        }

        package var line: String {
            "pieces/s \(Format.grouped(piecesPerSecond))  placements/s \(Format.grouped(placementsPerSecond))  "
                + "(\(games) games, \(pieces) pieces, \(Format.fixed(Double(placements) / Double(max(1, pieces)), 2)) placements/piece, \(Format.fixed(seconds, 2)) s CPU)"
        }
    }

    /// Plays `seeds` (then the seeds after them until `minimumPieces` pieces were placed).
    package static func measure(_ spec: RuleSetSpec, seeds: [UInt64], cap: Int, minimumPieces: Int = 0) -> Figures {
        var config = SimulationConfig()
        config.cap = cap
        // A failure to build the built-in rules is a programming error.
        var player = try! spec.player(config)
        let start = Platform.cpuSeconds()
        var pieces = 0, placements = 0
        var games = 0
        var seed = seeds.first ?? 1
        while games < seeds.count || (pieces < minimumPieces && games < 100_000) {
            let record = player.play(seed: games < seeds.count ? seeds[games] : seed)
            pieces += record.pieces
            placements += record.evaluated
            seed = (games < seeds.count ? seeds[games] : seed) &+ 1
            games += 1
        }
        return Figures(pieces: pieces, placements: placements, games: games,
                       seconds: max(1e-9, Platform.cpuSeconds() - start))
    }

    /// Why no reference could be used.
    package struct ReferenceProblem: Error {
        package var message: String
    }

    /// `shared/bench/reference-sim.c` in the working folder (or the binary's) or any folder
    /// above it, and its bytes: the nearest one that ``TrustedFile`` trusts. One planted
    /// by another user (in `/tmp`, say) is skipped, and said so when no other is found.
    package static func findReference() -> Result<(path: String, bytes: [UInt8]), ReferenceProblem> {
        var starts = [FileManager.default.currentDirectoryPath]
        starts.append(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().path)
        var skipped: [String] = []
        for start in starts {
            var folder = URL(fileURLWithPath: start)
            while true {
                let candidate = folder.path == "/" ? "/shared/bench/reference-sim.c" : folder.appendingPathComponent("shared/bench/reference-sim.c").path
                if (try? FileSystem.linkStatus(candidate)) != nil {
                    if let reason = TrustedFile.distrust(candidate) {
                        skipped.append("\(CommandLineText.quoted(candidate)) (\(CommandLineText.shown(reason)))")
                    } else if let bytes = try? TrustedFile.readRegular(candidate, maxBytes: ReferenceBinary.maxSourceBytes) {
                        return .success((candidate, bytes))
                    }
                }
                if folder.path == "/" { break }
                folder = folder.deletingLastPathComponent()
            }
        }
        if let first = skipped.first {
            return .failure(ReferenceProblem(message: "not using \(first): a file found by searching is compiled only from folders that only you or root can write; give --reference PATH to use it anyway"))
        }
        return .failure(ReferenceProblem(message: "reference-sim.c not found (give --reference PATH)"))
    }

    package static func which(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// The C reference, compiled into a scratch folder (removed by `remove()`).
    package struct ReferenceBinary {
        package let folder: URL
        package let path: String
        package let compilerName: String

        package enum Built { case success(ReferenceBinary), failure(String) }
        package enum Ran { case success((pieces: Double, placements: Double)), failure(String) }

        /// The largest C source read (the reference is ~20 KB).
        package static let maxSourceBytes = 4 << 20

        /// Compiles `source` (the bytes of the file `name`, copied into a private scratch
        /// folder, so a file changed meanwhile is not what gets compiled).
        package static func build(source: [UInt8], named name: String, compiler: String) -> Built {
            guard let folder = scratchFolder() else {
                return .failure("cannot make a scratch folder in \(FileManager.default.temporaryDirectory.path): \(Errno.current.text)")
            }
            let binary = ReferenceBinary(folder: folder, path: folder.appendingPathComponent("reference-sim").path,
                                         compilerName: URL(fileURLWithPath: compiler).lastPathComponent)
            let copy = folder.appendingPathComponent("reference-sim.c").path
            guard FileManager.default.createFile(atPath: copy, contents: Data(source)) else {
                binary.remove()
                return .failure("cannot copy \(CommandLineText.quoted(name)) into the scratch folder")
            }
            let build = execute(compiler, ["-O2", "-march=x86-64", "-o", binary.path, copy, "-lm"], output: binary.path + ".output")
            guard build.status == 0 else {
                binary.remove()
                return .failure("build of \(CommandLineText.quoted(name)) failed: \(CommandLineText.shown(String(build.output.split(separator: "\n").first ?? "")))")
            }
            return .success(binary)
        }

        /// Its rates in CPU time for `games` games of `cap` pieces from seed 1.
        package func run(games: Int, cap: Int) -> Ran {
            let run = execute(path, ["-g", String(games), "-c", String(cap), "-s", "1", "-q"], output: path + ".output")
            guard run.status == 0 else { return .failure("run failed with status \(run.status)") }
            // rate(cpu): pieces/s=364000 evals/s=8400000 ...
            guard let line = run.output.split(separator: "\n").first(where: { $0.hasPrefix("rate(cpu):") }) else {
                return .failure("no 'rate(cpu):' line in its output")
            }
            var values: [String: Double] = [:]
            for field in line.split(separator: " ") {
                let parts = field.split(separator: "=")
                if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
            }
            guard let pieces = values["pieces/s"], let evals = values["evals/s"] else {
                return .failure("cannot read its rates from '\(line)'")
            }
            return .success((pieces, evals))
        }

        package func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    /// A new private folder in the temporary folder (mkdtemp), or nil (errno says why).
    package static func scratchFolder() -> URL? {
        let template = FileManager.default.temporaryDirectory.path + "/hanjul-bench-XXXXXX"
        guard let made = try? FileSystem.makeTemporaryDirectory(template) else { return nil }
        return URL(fileURLWithPath: made)
    }

    /// Runs `path` with `arguments` (posix_spawn; output and errors into the scratch file
    /// `outputPath`, so a chatty child can never block), and returns its exit status and output.
    package static func execute(_ path: String, _ arguments: [String], output outputPath: String) -> (status: Int32, output: String) {
        let pid: Int32
        do throws(Errno) {
            pid = try Spawn.start(path, arguments, actions: [
                .open(descriptor: 1, path: outputPath, options: [.writeOnly, .create, .exclusive, .noFollow], permissions: 0o600),
                .duplicate(source: 1, as: 2),
            ])
        } catch {
            return (-1, "cannot run \(path): \(error.text)")
        }
        let status = Spawn.waitForExit(pid)
        let output = FileManager.default.contents(atPath: outputPath).map { String(decoding: $0, as: UTF8.self) } ?? ""
        try? FileSystem.remove(outputPath)
        return (status, output)
    }
}
