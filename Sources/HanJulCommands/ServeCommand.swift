import HanJulSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HanJulBot
import HanJulCommandLine
import HanJulCore
import HanJulMods
import HanJulSim
import HanJulSweep

/// `hanjul serve`: games played by another program over standard input and output, in a
/// compact binary protocol (the transport of the Gymnasium environment in python/; the
/// protocol is in python/README.md). One long-lived process plays one game at a time:
/// `R` starts a game from a seed, `P` plays a placement from the action space (every
/// placement the rules' turns, slides and drops reach, with a mask of those allowed), `K`
/// presses one key.
enum ServeCommand {
    static let declaration = Command(
        "serve", summary: "play games for another program over standard input and output (the Gymnasium environment's transport)",
        synopsis: ["[--mod ID]... [--mods-dir DIR]... [--games N]"],
        discussion: [
            "Reads requests on standard input and writes answers on standard output, in binary (python/README.md "
                + "has the protocol): I (what the rules are, as JSON), R SEED (a new game), P ACTION (play a placement: "
                + "4 × width actions, rotation × leftmost column, twice that with hold), K KEY (press one key), "
                + "T KEY MS (press a key, or none, then let MS milliseconds of game time pass: gravity and the lock delay), "
                + "G ROWS HOLE (push garbage rows up from the bottom, for versus play), "
                + "B (one request for each of the --games N games, one observation each: a vector environment in one process), Q (quit). "
                + "Every answer after R, P and K is an observation of the same size: the board, the piece, the queue, the hold, "
                + "the score and the facts of the last lock, and the mask of the placements the rules allow now.",
            "  python3 -c 'import gymnasium as gym, hanjul_gym; env = gym.make(\"hanjul/HanJul-v0\")'",
        ],
        options: ModOptions.options + [games])

    static let games = Option("--games", value: "N", help: "hold N games (1 to 4096, default 1), all played at once by one B request")

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitStatus {
        let request = try ServeRun(arguments)
        try request.validate()
        return start(request)
    }

    /// Loads the rules and serves games until standard input ends or asks to quit.
    static func start(_ request: ServeRun) -> ExitStatus {
        let mods = request.mods
        SystemProcess.ignoreBrokenPipes()
        if mods.ids.isEmpty { return serve(name: "standard", resultFormat: nil, lockfile: [], games: request.games) { StandardRules() } }
        if mods.ids.count == 1, mods.ids[0] != "standard", mods.catalog.searchPath.folder(of: mods.ids[0]) == nil {
            switch mods.ids[0] {
            case "uniform": return serve(name: "uniform", resultFormat: nil, lockfile: [], games: request.games) { UniformRandomizerRules() }
            case "nokick": return serve(name: "nokick", resultFormat: nil, lockfile: [], games: request.games) { NoKickRules() }
            default: break
            }
        }
        do throws(ModLoadError) {
            let catalog = mods.catalog
            let packages = try catalog.packages(mods.ids)
            let quarantine = HangGuard.quarantine
            try catalog.refuseQuarantined(packages, quarantine: quarantine)
            let watchdog = HangGuard.watchdog(for: packages, quarantine: quarantine, command: "serve")
            let loaded = try catalog.rules(packages: packages, watchdog: watchdog)
            let lockfile = loaded.identity.mods.map { "\($0.id)@\($0.version)#\($0.sha256)" }
            return serve(name: mods.ids.map { "mod:" + $0 }.joined(separator: "+"), resultFormat: loaded.resultFormat, lockfile: lockfile, games: request.games) {
                // Fresh rules for every game, as hanjul sim: nothing a mod keeps carries over.
                (try? catalog.rules(packages: packages, watchdog: watchdog)) ?? loaded
            }
        } catch {
            StandardError.write("hanjul serve: \(error)")
            return .loading(error)  // an unknown --mod is a usage error (2), as the help says
        }
    }
}

/// `hanjul serve`'s options: the mods (`init`), with nothing to refuse in combination.
struct ServeRun {
    var mods: ModOptions
    var games: Int

    init(_ arguments: Arguments) throws(UsageError) {
        mods = try ModOptions(arguments)
        games = try arguments.count(ServeCommand.games, limit: 4096) ?? 1
    }

    /// Nothing to refuse yet: kept so every command reads, validates and runs alike.
    func validate() throws(UsageError) {}
}
