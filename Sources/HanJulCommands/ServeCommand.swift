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
import HanJulServe
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
                + "With --versus it serves a match instead: R SEED (a new match), V A0 A1 (both players place), E (the error that ended it), "
                + "under one referee and the mods' attack and garbage rules (python/README.md, \"Versus session\"). "
                + "Every answer after R, P and K is an observation of the same size: the board, the piece, the queue, the hold, "
                + "the score and the facts of the last lock, and the mask of the placements the rules allow now.",
            "  python3 -c 'import gymnasium as gym, hanjul_gym; env = gym.make(\"hanjul/HanJul-v0\")'",
        ],
        options: ModOptions.options + [games, versus])

    static let games = Option("--games", value: "N", help: "hold N games (1 to 4096, default 1), all played at once by one B request")
    static let versus = Option.flag("--versus", help: "serve a versus match instead: two boards, one referee, the same pieces, "
                                        + "garbage by the mods' attack and garbage rules (Mods/versus without --mod); requests I, R, V, E, Q")

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitStatus {
        let request = try ServeRun(arguments)
        try request.validate()
        return start(request)
    }

    /// Loads the rules and serves games until standard input ends or asks to quit.
    static func start(_ request: ServeRun) -> ExitStatus {
        if request.versus { return startVersus(request) }
        let mods = request.mods
        SystemProcess.ignoreBrokenPipes()
        if mods.ids.isEmpty { return ServeSession.serve(name: "standard", resultFormat: nil, lockfile: [], games: request.games) { StandardRules() } }
        if mods.ids.count == 1, mods.ids[0] != "standard", mods.catalog.searchPath.folder(of: mods.ids[0]) == nil {
            switch mods.ids[0] {
            case "uniform": return ServeSession.serve(name: "uniform", resultFormat: nil, lockfile: [], games: request.games) { UniformRandomizerRules() }
            case "nokick": return ServeSession.serve(name: "nokick", resultFormat: nil, lockfile: [], games: request.games) { NoKickRules() }
            default: break
            }
        }
        do throws(ModLoadError) {
            let (loaded, make) = try loadMods(mods)
            let lockfile = loaded.identity.mods.map { "\($0.id)@\($0.version)#\($0.sha256)" }
            return ServeSession.serve(name: mods.ids.map { "mod:" + $0 }.joined(separator: "+"), resultFormat: loaded.resultFormat, lockfile: lockfile, games: request.games) {
                // Fresh rules for every game, as hanjul sim: nothing a mod keeps carries over.
                (try? make()) ?? loaded
            }
        } catch {
            StandardError.write("hanjul serve: \(error)")
            return .loading(error)  // an unknown --mod is a usage error (2), as the help says
        }
    }

    /// `--versus`: one match under the mods (Mods/versus when none are given), each
    /// player's rules fresh for every match.
    static func startVersus(_ request: ServeRun) -> ExitStatus {
        var mods = request.mods
        if mods.ids.isEmpty { mods.ids = ["versus"] }
        SystemProcess.ignoreBrokenPipes()
        do throws(ModLoadError) {
            let (loaded, make) = try loadMods(mods)
            let lockfile = loaded.identity.mods.map { "\($0.id)@\($0.version)#\($0.sha256)" }
            var server = ServeSession.VersusServer(first: loaded.versusSide, make: { try make().versusSide },
                                      name: mods.ids.map { "mod:" + $0 }.joined(separator: "+"), resultFormat: loaded.resultFormat, lockfile: lockfile)
            return server.loop()
        } catch {
            StandardError.write("hanjul serve: \(error)")
            return .loading(error)
        }
    }

    /// The mods' rules, loaded once (so a mod that fails, fails before any request), and a
    /// maker of fresh rules under the same hang guard.
    static func loadMods(_ mods: ModOptions) throws(ModLoadError) -> (LuaRules, () throws -> LuaRules) {
        let catalog = mods.catalog
        let packages = try catalog.packages(mods.ids)
        let quarantine = HangGuard.quarantine
        try catalog.refuseQuarantined(packages, quarantine: quarantine)
        let watchdog = HangGuard.watchdog(for: packages, quarantine: quarantine, command: "serve")
        let loaded = try catalog.rules(packages: packages, watchdog: watchdog)
        return (loaded, { try catalog.rules(packages: packages, watchdog: watchdog) })
    }
}

/// `hanjul serve`'s options: the mods (`init`), with nothing to refuse in combination.
struct ServeRun {
    var mods: ModOptions
    var games: Int
    var versus: Bool
    private var gamesGiven: Bool

    init(_ arguments: Arguments) throws(UsageError) {
        mods = try ModOptions(arguments)
        let count = try arguments.count(ServeCommand.games, limit: 4096)
        games = count ?? 1
        gamesGiven = count != nil
        versus = arguments.flag(ServeCommand.versus)
    }

    /// A versus session is one match: `--games` is for single games.
    func validate() throws(UsageError) {
        if versus && gamesGiven { throw UsageError("--versus serves one match between two boards; --games N is for single games") }
    }
}
