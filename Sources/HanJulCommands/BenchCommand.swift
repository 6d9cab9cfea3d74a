import HanJulSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HanJulBench
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
    static let json = Option.flag("--json", help: "print the figures as one JSON object (its keys are listed in the simulation guide, \"bench --json\")")

    static let declaration = Command(
        "bench", summary: "the bot's speed: built-in rules, the mod standard, and the C reference",
        synopsis: ["[--games N] [--cap PIECES] [--rounds N] [--reference PATH | --no-reference] [--json] [--mods-dir DIR]..."],
        discussion: [
            "Plays the same seeds single-threaded, in CPU time, under the built-in rules and under the mod standard "
                + "(Lua), and builds and runs the C reference bot when a C compiler is found; prints pieces and "
                + "placements per second and the ratios.",
            "Every measurement runs --rounds times, the rounds interleaved (a, b, c, d, reference, then again), "
                + "and the best round of each counts: on a shared machine the other work only ever slows a round "
                + "down, so the best round is the closest to the machine's speed, and ratios of best rounds are "
                + "steadier than those of single ones.",
            "The report names the CPU (from /proc/cpuinfo) and the commit of the git checkout the binary is in "
                + "(\"unknown\" outside one), so figures from two builds or machines are never mistaken for one another.",
        ],
        options: [games, cap, rounds, reference, noReference, json, ModOptions.modsDir],
        misplaced: ["--mod": "hanjul bench measures the built-in rules and Mods/standard; --mod does not apply"])

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitStatus {
        let request = try BenchRun(arguments)
        try request.validate()
        return try start(request)
    }

    /// Builds the reference, measures every round, and prints the best of each.
    static func start(_ request: BenchRun) throws(UsageError) -> ExitStatus {
        let (games, cap, rounds) = (request.games, request.cap, request.rounds)
        let (referencePath, noReference, modOptions) = (request.referencePath, request.noReference, request.mods)

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
        var referenceBinary: Bench.ReferenceBinary? = nil
        var referenceNote: String? = nil
        if !noReference {
            // Only a file the user named, or one found in a place only they (or root) can
            // write, is compiled and run (H-1); either is copied first, so what is compiled
            // is what was checked, and a FIFO is refused instead of waited on.
            let source: Result<(path: String, bytes: [UInt8]), Bench.ReferenceProblem>
            if let referencePath {
                do throws(FileError) {
                    source = .success((referencePath, try TrustedFile.readRegular(referencePath, maxBytes: Bench.ReferenceBinary.maxSourceBytes)))
                } catch {
                    throw UsageError("--reference \(CommandLineText.quoted(referencePath)): \(error.reason); give the C source file")
                }
            } else {
                source = Bench.findReference()
            }
            switch source {
            case .failure(let problem): referenceNote = "reference: \(problem.message)"
            case .success(let (path, bytes)):
                if let compiler = ["gcc", "cc"].first(where: { Bench.which($0) != nil }).flatMap(Bench.which) {
                    switch Bench.ReferenceBinary.build(source: bytes, named: path, compiler: compiler) {
                    case .success(let binary): referenceBinary = binary
                    case .failure(let message): referenceNote = "reference: \(message)"
                    }
                } else {
                    referenceNote = "reference: no C compiler (gcc or cc) found; ratio not measured"
                }
            }
        }
        defer { referenceBinary?.remove() }

        let machine = BenchMachine.current()
        let asJSON = request.json
        // Under --json, standard output holds the JSON alone.
        let say: (String) -> Void = { if !asJSON { HanJulCommandLine.say($0) } }
        say("hanjul bench: eltetris bot, fast search, \(games) games × cap \(cap) pieces (seeds 1…\(games)), one thread, CPU time, "
              + "best of \(rounds) round\(rounds == 1 ? "" : "s")")
        say("machine: \(machine.cpu); hanjul \(HanJulVersion.release), commit \(machine.commit)")
        var builtIn: Bench.Rounds? = nil
        var modRounds = [Bench.Rounds?](repeating: nil, count: mods.count)
        var reference: Bench.Rounds? = nil
        for _ in 0..<rounds {
            let a = Bench.measure(RuleSetSpec.standard, seeds: seeds, cap: cap)
            builtIn = Bench.Rounds.adding(a, to: builtIn)
            for (index, spec) in specs.enumerated() {
                guard case .success(let spec) = spec.result else { continue }
                // Games under evil end within a hundred pieces: further seeds until the
                // measurement covers as many pieces as (a) or 20,000, so its rate is not noise.
                let figures = Bench.measure(spec, seeds: seeds, cap: cap, minimumPieces: min(a.pieces, 20_000))
                modRounds[index] = Bench.Rounds.adding(figures, to: modRounds[index])
            }
            if let binary = referenceBinary {
                switch binary.run(games: games, cap: cap) {
                case .success(let rates):
                    // Its rates as figures of one second.
                    reference = Bench.Rounds.adding(Bench.Figures(pieces: Int(rates.pieces), placements: Int(rates.placements), games: games,
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
        if asJSON {
            let report = BenchReport(request: request, machine: machine, builtIn: builtIn,
                                     mods: mods.enumerated().map { index, mod in
                                         let note: String? = if case .failure(let message) = specs[index].result { message } else { nil }
                                         return (mod.id, mod.goal, modRounds[index], note)
                                     },
                                     reference: referenceBinary == nil ? nil : reference, compiler: referenceBinary?.compilerName,
                                     referenceNote: referenceNote)
            Swift.print(try sweep { () throws(SweepError) in try JSONLines.text(report, pretty: true) })
            return .success
        }
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
              + "pieces/s \(Format.grouped(reference.best.piecesPerSecond))  placements/s \(Format.grouped(reference.best.placementsPerSecond))"
              + reference.spread)
        let ratio = builtIn.best.piecesPerSecond / reference.best.piecesPerSecond
        // The floor the built-in bot must keep, and the goal it is working toward (issue #38).
        func mark(_ bar: Double) -> String { Format.fixed(bar, 2) + "×" + (ratio >= bar ? " met" : " NOT met") }
        say("ratio (a) / reference: \(Format.fixed(ratio, 2))× pieces/s (floor ≥ \(mark(1.25)); goal ≥ \(mark(1.5))), "
              + "\(Format.fixed(builtIn.best.placementsPerSecond / reference.best.placementsPerSecond, 2))× placements/s"
              + " (on \(machine.cpu), commit \(machine.commit))")
        say("  note: HanJul's bot finds every placement by rotating with the real kicks and sliding from the")
        say("  spawn position, checks each is reachable, and plays the chosen one through Game.apply (events,")
        say("  scoring, bag); the reference drops each orientation straight down in every column.")
        return .success
    }
}

/// `hanjul bench`'s options, read (`init`) and checked together (`validate`).
struct BenchRun {
    var games: Int
    var cap: Int
    var referencePath: String?
    var noReference: Bool
    var rounds: Int
    var json: Bool
    var mods: ModOptions

    init(_ arguments: Arguments) throws(UsageError) {
        games = try arguments.count(BenchCommand.games, limit: 10_000) ?? 10
        cap = try arguments.count(BenchCommand.cap, limit: 100_000_000) ?? 50_000
        referencePath = arguments.value(BenchCommand.reference)
        noReference = arguments.flag(BenchCommand.noReference)
        rounds = try arguments.count(BenchCommand.rounds, limit: 100) ?? 3
        json = arguments.flag(BenchCommand.json)
        mods = try ModOptions(arguments, ids: false)
    }

    /// The options that cannot go together.
    func validate() throws(UsageError) {
        if referencePath != nil && noReference { throw UsageError("give --reference PATH or --no-reference, not both") }
    }
}
