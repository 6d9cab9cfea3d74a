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

/// `hanjul bench`: the eltetris bot's speed over fixed seeds, single-threaded, in CPU time,
/// against the C reference bot built and run in the same invocation when a C compiler exists.
enum BenchCommand {
    static let games = Option("--games", value: "N", help: "games per measurement, on seeds 1 to N (default 10)")
    static let cap = Option("--cap", value: "PIECES", help: "stop each game after PIECES pieces (default 50000)")
    static let reference = Option("--reference", value: "PATH", kind: .path,
                                  help: "the C reference bot's source (default: shared/bench/reference-sim.c found above the working folder)")
    static let noReference = Option.flag("--no-reference", help: "do not build and run the C reference")
    static let rounds = Option("--rounds", value: "N",
                               help: "measure everything N times, interleaved, and keep each one's best round (default 3)")

    static let declaration = Command(
        "bench", summary: "the bot's speed: built-in rules, the mod standard, and the C reference",
        synopsis: ["[--games N] [--cap PIECES] [--rounds N] [--reference PATH | --no-reference] [--mods-dir DIR]..."],
        discussion: [
            "Plays the same seeds single-threaded, in CPU time, under the built-in rules and under the mod standard "
                + "(Lua), and builds and runs the C reference bot when a C compiler is found; prints pieces and "
                + "placements per second and the ratios.",
            "Every measurement runs --rounds times, the rounds interleaved (a, b, c, d, reference, then again), "
                + "and the best round of each counts: on a shared machine the other work only ever slows a round "
                + "down, so the best round is the closest to the machine's speed, and ratios of best rounds are "
                + "steadier than those of single ones.",
        ],
        options: [games, cap, rounds, reference, noReference, ModOptions.modsDir],
        misplaced: ["--mod": "hanjul bench measures the built-in rules and Mods/standard; --mod does not apply"])

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitStatus {
        let games = try arguments.count(Self.games, limit: 10_000) ?? 10
        let cap = try arguments.count(Self.cap, limit: 100_000_000) ?? 50_000
        let referencePath = arguments.value(reference)
        let noReference = arguments.flag(Self.noReference)
        let rounds = try arguments.count(Self.rounds, limit: 100) ?? 3
        let modOptions = try ModOptions(arguments, ids: false)
        if referencePath != nil && noReference { throw UsageError("give --reference PATH or --no-reference, not both") }

        let seeds = (1...UInt64(games)).map { $0 }
        // The mods the issue sets goals for: the Lua restatement of the standard rules, and
        // the two whose hooks do the most work (a cascade after clears, a randomizer that
        // searches every kind's placements).
        let mods: [(label: String, id: String, goal: Double)] = [
            ("(b) Mods/standard (Lua)", "standard", 0.9), ("(c) Mods/cascade (Lua)", "cascade", 0.5),
            ("(d) Mods/evil (Lua)", "evil", 0.1),
        ]
        /// Each mod's rules, or why it cannot be measured.
        enum Measurable { case success(RuleSetSpec), failure(String) }
        var specs: [(id: String, result: Measurable)] = []
        for (_, id, _) in mods {
            switch SimOptions.ruleSet([id], catalog: modOptions.catalog, command: "bench") {
            case .success(let spec) where spec.name == "mod:\(id)": specs.append((id, .success(spec)))
            case .success:
                specs.append((id, .failure("not measured: no mod '\(id)' in \(modOptions.catalog.searchPath.folders.joined(separator: ", "))")))
            case .failure(let error): specs.append((id, .failure("not measured: \(error)")))
            }
        }

        // The reference is built once, then run in every round.
        var referenceBinary: ReferenceBinary? = nil
        var referenceNote: String? = nil
        if !noReference {
            // Only a file the user named, or one found in a place only they (or root) can
            // write, is compiled and run (H-1); either is copied first, so what is compiled
            // is what was checked, and a FIFO is refused instead of waited on.
            let source: Result<(path: String, bytes: [UInt8]), ReferenceProblem>
            if let referencePath {
                do throws(FileError) {
                    source = .success((referencePath, try TrustedFile.readRegular(referencePath, maxBytes: ReferenceBinary.maxSourceBytes)))
                } catch {
                    throw UsageError("--reference \(CommandLineText.quoted(referencePath)): \(error.reason); give the C source file")
                }
            } else {
                source = findReference()
            }
            switch source {
            case .failure(let problem): referenceNote = "reference: \(problem.message)"
            case .success(let (path, bytes)):
                if let compiler = ["gcc", "cc"].first(where: { which($0) != nil }).flatMap(which) {
                    switch ReferenceBinary.build(source: bytes, named: path, compiler: compiler) {
                    case .success(let binary): referenceBinary = binary
                    case .failure(let message): referenceNote = "reference: \(message)"
                    }
                } else {
                    referenceNote = "reference: no C compiler (gcc or cc) found; ratio not measured"
                }
            }
        }
        defer { referenceBinary?.remove() }

        say("hanjul bench: eltetris bot, fast search, \(games) games × cap \(cap) pieces (seeds 1…\(games)), one thread, CPU time, "
              + "best of \(rounds) round\(rounds == 1 ? "" : "s")")
        var builtIn: Rounds? = nil
        var modRounds = [Rounds?](repeating: nil, count: mods.count)
        var reference: Rounds? = nil
        for _ in 0..<rounds {
            let a = measure(RuleSetSpec.standard, seeds: seeds, cap: cap)
            builtIn = Rounds.adding(a, to: builtIn)
            for (index, spec) in specs.enumerated() {
                guard case .success(let spec) = spec.result else { continue }
                // Games under evil end within a hundred pieces: further seeds until the
                // measurement covers as many pieces as (a) or 20,000, so its rate is not noise.
                let figures = measure(spec, seeds: seeds, cap: cap, minimumPieces: min(a.pieces, 20_000))
                modRounds[index] = Rounds.adding(figures, to: modRounds[index])
            }
            if let binary = referenceBinary {
                switch binary.run(games: games, cap: cap) {
                case .success(let rates):
                    // Its rates as figures of one second.
                    reference = Rounds.adding(Figures(pieces: Int(rates.pieces), placements: Int(rates.placements), games: games,
                                                      seconds: 1), to: reference)
                case .failure(let message):
                    // No further rounds of it; its scratch folder goes now (the defer no longer sees it).
                    referenceNote = "reference: \(message)"
                    binary.remove()
                    referenceBinary = nil
                }
            }
        }
        guard let builtIn else { return .success }
        say("(a) built-in standard rules  " + builtIn.best.line + builtIn.spread)
        for (index, (name, _, goal)) in mods.enumerated() {
            let label = name + String(repeating: " ", count: max(1, 28 - name.count))
            if case .failure(let message) = specs[index].result {
                say(label + message)
                continue
            }
            guard let figures = modRounds[index] else { continue }
            let ratio = figures.best.piecesPerSecond / builtIn.best.piecesPerSecond
            say(label + figures.best.line + figures.spread)
            say("    ratio to (a): \(Format.fixed(ratio, 2))× pieces/s (goal ≥ \(Format.fixed(goal, 2))×\(ratio >= goal ? ", met" : ", NOT met"))")
        }
        if let referenceNote { say(referenceNote) }
        guard let reference, referenceBinary != nil else { return .success }
        say("reference-sim.c (\(referenceBinary!.compilerName) -O2 -march=x86-64)  "
              + "pieces/s \(group(reference.best.piecesPerSecond))  placements/s \(group(reference.best.placementsPerSecond))"
              + reference.spread)
        let ratio = builtIn.best.piecesPerSecond / reference.best.piecesPerSecond
        say("ratio (a) / reference: \(Format.fixed(ratio, 2))× pieces/s (goal ≥ 1.25×\(ratio >= 1.25 ? ", met" : ", NOT met")), "
              + "\(Format.fixed(builtIn.best.placementsPerSecond / reference.best.placementsPerSecond, 2))× placements/s")
        say("  note: HanJul's bot finds every placement by rotating with the real kicks and sliding from the")
        say("  spawn position, checks each is reachable, and plays the chosen one through Game.apply (events,")
        say("  scoring, bag); the reference drops each orientation straight down in every column.")
        return .success
    }

    /// A measurement's rounds: the best (the highest rate) and the range of rates.
    struct Rounds {
        var best: Figures
        var slowest: Double
        var count: Int

        static func adding(_ figures: Figures, to rounds: Rounds?) -> Rounds {
            guard var rounds else { return Rounds(best: figures, slowest: figures.piecesPerSecond, count: 1) }
            if figures.piecesPerSecond > rounds.best.piecesPerSecond { rounds.best = figures }
            rounds.slowest = min(rounds.slowest, figures.piecesPerSecond)
            rounds.count += 1
            return rounds
        }

        /// `; rounds 712,000–790,000 pieces/s` when there was more than one.
        var spread: String {
            count > 1 ? "; rounds \(group(slowest))–\(group(best.piecesPerSecond)) pieces/s" : ""
        }
    }

    struct Figures {
        var pieces: Int
        var placements: Int
        var games: Int
        var seconds: Double
        var piecesPerSecond: Double { Double(pieces) / seconds }
        var placementsPerSecond: Double { Double(placements) / seconds }
        var line: String {
            "pieces/s \(group(piecesPerSecond))  placements/s \(group(placementsPerSecond))  "
                + "(\(games) games, \(pieces) pieces, \(Format.fixed(Double(placements) / Double(max(1, pieces)), 2)) placements/piece, \(Format.fixed(seconds, 2)) s CPU)"
        }
    }

    /// Plays `seeds` (then the seeds after them until `minimumPieces` pieces were placed).
    static func measure(_ spec: RuleSetSpec, seeds: [UInt64], cap: Int, minimumPieces: Int = 0) -> Figures {
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

    /// `1,234,567`
    static func group(_ x: Double) -> String {
        let digits = String(Int(x.rounded()))
        var out = ""
        for (i, c) in digits.reversed().enumerated() {
            if i > 0 && i % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return String(out.reversed())
    }

    /// Why no reference could be used.
    struct ReferenceProblem: Error {
        var message: String
    }

    /// `shared/bench/reference-sim.c` in the working folder (or the binary's) or any folder
    /// above it, and its bytes: the nearest one that ``TrustedFile`` trusts. One planted
    /// by another user (in `/tmp`, say) is skipped, and said so when no other is found.
    static func findReference() -> Result<(path: String, bytes: [UInt8]), ReferenceProblem> {
        var starts = [FileManager.default.currentDirectoryPath]
        starts.append(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().path)
        var skipped: [String] = []
        for start in starts {
            var folder = URL(fileURLWithPath: start)
            while true {
                let candidate = folder.path == "/" ? "/shared/bench/reference-sim.c" : folder.appendingPathComponent("shared/bench/reference-sim.c").path
                var info = stat()
                if lstat(candidate, &info) == 0 {
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

    static func which(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// The C reference, compiled into a scratch folder (removed by `remove()`).
    struct ReferenceBinary {
        let folder: URL
        let path: String
        let compilerName: String

        enum Built { case success(ReferenceBinary), failure(String) }
        enum Ran { case success((pieces: Double, placements: Double)), failure(String) }

        /// The largest C source read (the reference is ~20 KB).
        static let maxSourceBytes = 4 << 20

        /// Compiles `source` (the bytes of the file `name`, copied into a private scratch
        /// folder, so a file changed meanwhile is not what gets compiled).
        static func build(source: [UInt8], named name: String, compiler: String) -> Built {
            var template = Array((FileManager.default.temporaryDirectory.path + "/hanjul-bench-XXXXXX").utf8CString)
            guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
                return .failure("cannot make a scratch folder in \(FileManager.default.temporaryDirectory.path): \(String(cString: strerror(errno)))")
            }
            let folder = URL(fileURLWithPath: String(cString: made))
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
        func run(games: Int, cap: Int) -> Ran {
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

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    /// Runs `path` with `arguments` (posix_spawn; output and errors into the scratch file
    /// `outputPath`, so a chatty child can never block), and returns its exit status and output.
    static func execute(_ path: String, _ arguments: [String], output outputPath: String) -> (status: Int32, output: String) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { return (-1, "cannot run \(path): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        _ = try? retryingInterrupts { waitpid(pid, &status, 0) }
        let output = FileManager.default.contents(atPath: outputPath).map { String(decoding: $0, as: UTF8.self) } ?? ""
        unlink(outputPath)
        // WIFEXITED / WEXITSTATUS, which Swift does not import as functions.
        let exited = status & 0x7f == 0
        return (exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), output)
    }
}
