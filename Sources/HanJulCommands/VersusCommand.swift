import HanJulSystem
import HanJulCommandLine
import HanJulCore
import HanJulFiles
import HanJulMods
import HanJulNet
import HanJulPlay
import HanJulPlayerFiles
import HanJulRender
import HanJulSim
import HanJulTerminal

/// `hanjul versus`: two players in two terminals over TCP (docs/VERSUS-PROTOCOL.md). Each
/// process runs both games: its own from the keyboard, the peer's re-simulated from the
/// peer's inputs, so a broken or cheating peer is caught and the match ends with one line.
enum VersusCommand {
    static let host = Option("--host", value: "[ADDR:]PORT",
                             help: "wait for one player on PORT (ADDR: the IPv4 address to listen on, default 0.0.0.0; PORT 0: any free port)")
    static let join = Option("--join", value: "ADDR:PORT", help: "play the player waiting at ADDR:PORT (an IPv4 address, or localhost)")
    static let bestOf = Option("--best-of", value: "N", help: "the host's: games in the match, an odd number from 1 to 99 (default 1)")
    static let seed = Option("--seed", value: "SEED", help: "the host's: the match seed (default: from the clock); each game's pieces and garbage holes come from it")

    static let declaration = Command(
        "versus", summary: "play another player over the network: one hosts, the other joins",
        synopsis: ["--host [ADDR:]PORT [--best-of N] [--seed SEED] [--das MS] [--arr MS] [--soft-drop MS] [--das-cut MS] [--mod ID]... [--mods-dir DIR]...",
                   "--join ADDR:PORT [--das MS] [--arr MS] [--soft-drop MS] [--das-cut MS] [--mod ID]... [--mods-dir DIR]..."],
        discussion: [
            "The host prints 'waiting for a player on ADDR:PORT' and waits; the joiner connects. Both must play the same rules "
                + "(the same --mod, with the same files: the handshake compares a hash of them); without --mod both play "
                + "guideline and versus (hold, five previews, 180-degree turns, the Guideline attack table). Garbage (grey) comes from "
                + "the mods' attack and garbage rules; under rules without them nothing is sent. Both players get the same "
                + "pieces and garbage holes. First to top out loses.",
            "Each side checks every message of the other: a peer that sends bytes that are not the protocol, an input its game "
                + "cannot have made, or nothing for 10 s ends the match with one line saying so. Keys and handling as in hanjul play "
                + "(settings.conf; --das, --arr, --soft-drop, --das-cut for this match); q leaves.",
            "  hanjul versus --host 4000 --best-of 3     (then, elsewhere: hanjul versus --join 192.0.2.7:4000)",
        ],
        options: [host, join, bestOf, seed] + handling + ModOptions.options)

    /// `hanjul play`'s handling options but `--countdown`: READY before each game is the
    /// same on both sides (docs/VERSUS-PROTOCOL.md).
    static let handling = PlayCommand.handling.filter { $0.name != "--countdown" }

    typealias Role = PeerConnection.Role

    /// `[ADDR:]PORT` (ADDR optional when hosting).
    static func address(_ text: String, option: String, hostDefault: Bool) throws(UsageError) -> Socket.Address {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let hostText: String, portText: String
        switch parts.count {
        case 1 where hostDefault: (hostText, portText) = ("0.0.0.0", parts[0])
        case 2: (hostText, portText) = (parts[0], parts[1])
        default: throw UsageError("\(option) \(CommandLineText.quoted(text)): give \(hostDefault ? "[ADDR:]PORT" : "ADDR:PORT"), e.g. \(hostDefault ? "4000" : "127.0.0.1:4000")")
        }
        guard let port = UInt16(portText), hostDefault || port > 0 else {
            throw UsageError("\(option) \(CommandLineText.quoted(text)): the port is a whole number from \(hostDefault ? 0 : 1) to 65535")
        }
        guard let address = Socket.Address(host: hostText, port: port) else {
            throw UsageError("\(option) \(CommandLineText.quoted(text)): \(CommandLineText.quoted(hostText)) is not an IPv4 address (like 127.0.0.1) or localhost")
        }
        return address
    }

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitStatus {
        let request = try VersusRun(arguments)
        try request.validate()
        guard let role = request.role else { return .usage }  // validate refuses a request without one
        return start(request, role: role)
    }

    /// Checks the terminal, the keys and the settings, loads the rules, then connects and plays.
    static func start(_ request: VersusRun, role: Role) -> ExitStatus {
        let (games, matchSeed, mods) = (request.games, request.matchSeed, request.mods)
        // A terminal and the player's keys first: not after a player has joined.
        if let name = StandardStreams.notATerminal {
            StandardError.write("hanjul versus: \(name) is not a terminal; a match is played in one")
            return .usage
        }
        let paths = try? AppPaths.current()
        let bindings: KeyBindings
        var settings: PlayerSettings
        switch (PlayCommand.loadBindings(paths), PlayCommand.loadSettings(paths)) {
        case (.success(let keys), .success(let loaded)): (bindings, settings) = (keys, loaded)
        case (.failure(let error), _), (_, .failure(let error)):
            StandardError.write(error.line("versus"))
            return .usage
        }
        // The player's own handling (settings.conf: DAS, ARR, soft drop, DAS cut; --das and the
        // others over it for this match), as in hanjul play.
        PlayOptions.apply(request.handling, to: &settings)
        let environment = TerminalEnvironment.current()
        let (style, colorMode) = RenderStyle.choose(ascii: false, environment: environment)
        let config = PlayConfig(seed: nil, bindings: bindings, handling: settings.handling, style: style, colorMode: colorMode).with(settings)
        let table = Table(config: config, environment: environment, dataDirectory: paths?.dataDirectory)
        SystemProcess.ignoreBrokenPipes()
        if mods.ids.isEmpty {
            return connect(role, seed: matchSeed, bestOf: games ?? 1, rules: "standard", rulesHash: VersusHello.rulesHash(mods: []), mods: [], table: table) {
                VersusRules(rules: StandardRules())
            }
        }
        do throws(ModLoadError) {
            let catalog = mods.catalog
            let packages = try catalog.packages(mods.ids)
            let quarantine = HangGuard.quarantine
            try catalog.refuseQuarantined(packages, quarantine: quarantine)
            let watchdog = HangGuard.watchdog(for: packages, quarantine: quarantine, command: "versus")
            let loaded = try catalog.rules(packages: packages, watchdog: watchdog)
            // The hello carries each mod's SHA-256 over its files, as a replay's lock records it.
            let rulesHash = VersusHello.rulesHash(mods: loaded.identity.mods.map(\.sha256))
            return connect(role, seed: matchSeed, bestOf: games ?? 1, rules: mods.ids.map { "mod:" + $0 }.joined(separator: "+"), rulesHash: rulesHash,
                           mods: mods.ids, table: table) {
                // Each game its own rules (a mod's Lua state is one game's), as hanjul sim --versus.
                let rules = try catalog.rules(packages: packages, watchdog: watchdog)
                return rules.versusSide
            }
        } catch {
            StandardError.write("hanjul versus: \(error)")
            return .loading(error)
        }
    }

    /// Where the match is played: the player's settings, the terminal's environment, the
    /// data folder (its .hjvs and the versus table).
    struct Table {
        var config: PlayConfig
        var environment: [String: String]
        var dataDirectory: String?
    }

    /// Connects (or waits for the peer), shakes hands, and plays the match.
    static func connect<R: Rules>(_ role: Role, seed: UInt64?, bestOf: Int, rules: String, rulesHash: String, mods: [String], table: Table,
                                  make: @escaping () throws -> VersusRules<R>) -> ExitStatus {
        let ours = VersusHello(hanjul: HanJulVersion.release, engine: HanJulVersion.engine, rules: rules,
                               rulesHash: rulesHash, seed: seed, bestOf: seed == nil ? nil : bestOf)
        // A hello must fit one frame: refused here, before anyone waits, never cut short.
        guard VersusMessage.hello(ours).fitsFrame else {
            StandardError.write("hanjul versus: too many mods for the handshake (its hello is over \(FrameCodec.maxPayload) bytes); give fewer --mod")
            return .usage
        }
        let descriptor: FileDescriptor, peerName: String
        switch PeerConnection.open(role, listening: { bound in
            say("waiting for a player on \(bound)")
            SystemProcess.flushStandardOutput()
        }) {
        case .success(let opened): (descriptor, peerName) = opened
        case .failure(let failure):
            StandardError.write("hanjul versus: \(failure.line)")
            return .failure
        }
        defer { try? descriptor.close() }
        var link = PeerLink(descriptor: descriptor)
        let agreed: (seed: UInt64, bestOf: Int)
        switch PeerConnection.handshake(&link, ours: ours) {
        case .success(let found): agreed = found
        case .failure(let end):
            link.drain(milliseconds: 500)
            StandardError.write("hanjul versus: \(end.line)")
            return .failure
        }
        say("playing \(peerName) under \(rules), best of \(agreed.bestOf)")
        SystemProcess.flushStandardOutput()
        let terms = NetVersusTerms(me: seed == nil ? 1 : 0, seed: agreed.seed, bestOf: agreed.bestOf, mods: mods, peerName: peerName)
        return play(terms, link: link, table: table, make: make)
    }

    /// The match in the play session (`NetVersusScreen`), the link one of its driver's
    /// inputs and outputs; the line it ended with said once the terminal is restored.
    static func play<R: Rules>(_ terms: NetVersusTerms, link: PeerLink, table: Table, make: @escaping () throws -> VersusRules<R>) -> ExitStatus {
        var link = link
        do { _ = try make() } catch {
            try? link.send(.bye(reason: "the rules failed to start a game"))
            link.drain(milliseconds: 500)
            StandardError.write("hanjul versus: the rules failed to start game 1: \(error)")
            return .modError
        }
        let environment = PlayEnvironment.live(store: FileStore(dataDirectory: table.dataDirectory))
        let result = PlayDriver.run(environment: table.environment, watchedFolders: [], dataDirectory: table.dataDirectory,
                                    colorMode: table.config.colorMode, peer: link) { size, now in
            // The rules loaded just above: a failure here is as good as impossible; the
            // session then shows a plain game, and the peer hears nothing until it gives up.
            (try? PlaySession.network(terms: terms, make: make, config: table.config, size: size, now: now, environment: environment))
                ?? PlaySession.game(provider: RulesProvider.standard, rules: StandardRules(), config: table.config, size: size, now: now,
                                    environment: environment)
        }
        switch result {
        case .success(.versusEnded(let line, let how)):
            if how == .finished { say("hanjul versus: \(line)") } else { StandardError.write("hanjul versus: \(line)") }
            SystemProcess.flushStandardOutput()
            return how == .finished ? .success : how == .rulesFailed ? .modError : .failure
        case .success(.quit): return .success
        case .success(.inputClosed): return .failure
        case .failure(let error):
            try? link.send(.bye(reason: "the player's terminal cannot play"))
            link.drain(milliseconds: 500)
            StandardError.write("hanjul versus: \(error)")
            return .usage
        }
    }
}
