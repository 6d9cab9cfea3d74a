import HanJulSystem
import HanJulCommandLine
import HanJulCore
import HanJulFiles
import HanJulMods
import HanJulPlay
import HanJulPlayerFiles
import HanJulRender
import HanJulTerminal
import LuaKit

/// `hanjul` and `hanjul play [--mod ID]… [--mods-dir DIR]… [--seed N] [--ascii | --unicode] [--das MS]
/// [--arr MS] [--soft-drop MS] [--das-cut MS]`: the game in the terminal.
enum PlayCommand {
    static let seed = Option("--seed", value: "N", help: "deal every game, new games included, from seed N (default: a seed from the clock)")
    static let ascii = Option.flag("--ascii", help: "draw with ASCII characters only (in colour unless NO_COLOR is set); "
                                   + "the default under a locale that is not UTF-8 (LANG=C)")
    static let unicode = Option.flag("--unicode", help: "draw with UTF-8 block and box characters even under a locale that is not UTF-8")
    /// `--das`, `--arr`, `--soft-drop`, `--das-cut`: the handling settings for this run.
    static let handling: [Option] = HandlingSettings.fields.map { field in
        Option(field.option, value: "MS",
               help: "\(field.summary), in milliseconds, \(field.range.lowerBound)-\(field.range.upperBound) "
                   + "(default \(HandlingSettings.defaults[keyPath: field.keyPath]); settings.conf: \(field.name))")
    }

    static let declaration = Command(
        "play", summary: "play in the terminal: the start screen, or a game at once with --mod or --seed ('hanjul' alone does the same)",
        synopsis: ["[--mod ID]... [--mods-dir DIR]... [--seed N] [--ascii | --unicode] [--das MS] [--arr MS] [--soft-drop MS] [--das-cut MS]",
                   "--versus bot [--bot NAME] [--bot-level LEVEL] [--pps N] [--best-of N] [--mod ID]... [--seed N]"],
        discussion: [
            "Without --mod or --seed, the start screen opens: Play (the rules played last), Mods (every mod found; "
                + "Space adds mods in the order they apply, Enter plays), Settings, High scores, Replays (watch, verify, "
                + "delete) and Quit; up/down or k/j choose, Enter opens, Esc goes back, q quits. With --mod or --seed "
                + "the game starts at once, and q quits.",
            "Standard input and output must be a terminal. Keys: arrows or h/l move, up or k rotates, down or j "
                + "soft-drops, Space hard-drops, z rotates counter-clockwise and c holds (rules that allow them), "
                + "p pauses, r starts a new game, q quits, ? lists the keys as bound. Key bindings can be changed on the "
                + "start screen (Settings, then Keys) or in $XDG_CONFIG_HOME/hanjul/keys.conf. High scores and replays are kept in the data folder.",
            "Held keys move by the game's own handling, not the terminal's key repeat: a held move repeats after "
                + "--das milliseconds, then every --arr (0: straight to the wall); a held soft drop drops a row every "
                + "--soft-drop (0: to the floor). The defaults, and changes that last, are in "
                + "$XDG_CONFIG_HOME/hanjul/settings.conf. In terminals with the kitty keyboard protocol (kitty, "
                + "WezTerm, foot, Ghostty, …) key releases are exact; elsewhere a key counts as held while the "
                + "terminal repeats it.",
        ],
        options: [seed, ascii, unicode] + handling + ModOptions.options + versusOptions)

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitStatus {
        let options = try PlayOptions(arguments)
        try options.validate()
        return start(options)
    }

    /// The game, the start screen or a versus match, once the options check out.
    static func start(_ options: PlayOptions) -> ExitStatus {
        let seed = options.seed, mods = options.mods, versusRequest = options.versus
        let ascii = options.drawsASCII, handling = options.handling

        // A mod found nowhere is a usage error too (2), like in every other command.
        if !mods.isStandard {
            do throws(ModLoadError) { _ = try mods.catalog.packages(mods.ids) } catch {
                if case .notFound = error {
                    StandardError.write("hanjul play: \(error)")
                    return .usage
                }
            }
        }

        // Then: a game needs a terminal on both ends (T-8, T-9).
        if let name = StandardStreams.notATerminal {
            StandardError.write("hanjul play: \(name) is not a terminal; to play without one, use 'hanjul run' (see 'hanjul help')")
            return .usage
        }

        let environment = TerminalEnvironment.current()
        let paths = try? AppPaths.current()
        let bindings: KeyBindings
        switch loadBindings(paths) {
        case .success(let loaded): bindings = loaded
        case .failure(let error):
            StandardError.write(error.line("play"))
            return .usage
        }
        var settings: PlayerSettings
        switch loadSettings(paths) {
        case .success(let loaded): settings = loaded
        case .failure(let error):
            StandardError.write(error.line("play"))
            return .usage
        }
        PlayOptions.apply(handling, to: &settings)
        let (style, colorMode) = RenderStyle.choose(ascii: ascii, environment: environment)
        var config = PlayConfig(seed: seed, bindings: bindings, handling: settings.handling, style: style, colorMode: colorMode)
        config.playerName = environment["USER"].map(HighScore.cleanName).flatMap { $0.isEmpty ? nil : $0 }
        config = config.with(settings)
        if let data = paths?.dataDirectory {
            // Replay housekeeping (issue 11 item 7): the newest replays_kept plus every game
            // in a high-score table; a line only when something went wrong.
            let report = ReplayHousekeeping.tidy(dataDirectory: data, kept: settings.replaysKept)
            if let message = report.message { StandardError.write("hanjul play: \(message)") }
        }
        var playEnvironment = PlayEnvironment.live(store: FileStore(dataDirectory: paths?.dataDirectory))
        playEnvironment.names = RememberedName(keep: { name in rememberName(name, paths: paths) })
        LuaPanicHandler.install()

        if let versusRequest {
            return runVersus(versusRequest, mods: mods.forVersus, config: config, environment: environment, playEnvironment: playEnvironment,
                             dataDirectory: paths?.dataDirectory)
        }
        if seed == nil && mods.isStandard {
            // The start screen; its games are played with the settings it shows.
            let launcher = Self.launcher(mods, paths: paths)
            return finish(PlayDriver.run(environment: environment, watchedFolders: [], dataDirectory: paths?.dataDirectory,
                                         colorMode: config.colorMode) { size, _ in
                PlaySession.menu(launcher: launcher, config: config, settings: settings, size: size, environment: playEnvironment)
            })
        }

        if mods.isStandard {
            let provider = RulesProvider.standard
            return finish(play(provider: provider, rules: StandardRules(), config: config, environment: environment,
                               playEnvironment: playEnvironment, dataDirectory: paths?.dataDirectory))
        }
        // Like `run` and `replay`: quarantined mods are refused, and every game's mods
        // (hot reloads too) run under the watchdog (HangGuard: a hung call restores the
        // terminal, quarantines the mod, prints one line and exits with status 4).
        let provider = luaProvider(mods)
        switch provider.make() {
        case .success(let rules):
            return finish(play(provider: provider, rules: rules, config: config, environment: environment,
                               playEnvironment: playEnvironment, dataDirectory: paths?.dataDirectory))
        case .failure(let failure):
            StandardError.write("hanjul play: \(failure.message)")
            return .modError
        }
    }

    static func play<R: Rules>(provider: RulesProvider<R>, rules: R, config: PlayConfig, environment: [String: String],
                               playEnvironment: PlayEnvironment, dataDirectory: String?) -> Result<PlayExit, TerminalError> {
        PlayDriver.run(environment: environment, watchedFolders: provider.watchedFolders, dataDirectory: dataDirectory,
                       colorMode: config.colorMode) { size, now in
            PlaySession.game(provider: provider, rules: rules, config: config, size: size, now: now, environment: playEnvironment)
        }
    }

    static func finish(_ result: Result<PlayExit, TerminalError>) -> ExitStatus {
        switch result {
        case .success(.quit): return .success
        case .success(.inputClosed), .success(.versusEnded): return .failure
        case .failure(let error):
            StandardError.write("hanjul play: \(error); \(advice(for: error))")
            return .usage
        }
    }

    /// What a player can do about a terminal the game cannot use.
    static func advice(for error: TerminalError) -> String {
        switch error {
        case .unsupportedTerminal:
            "to play, run it in a terminal with cursor addressing (xterm, kitty, GNOME Terminal, tmux, the Linux console: "
                + "TERM=xterm-256color or similar); to play without a terminal, use 'hanjul run'"
        default:
            "to play without a terminal, use 'hanjul run'"
        }
    }

    /// The player's settings: `settings.conf` in the config folder, if there is one.
    /// Keeps `name` (typed at the end of a top-10 game) as settings.conf's `name`, the
    /// rest of the file as it is now; a line for the player when it could not.
    static func rememberName(_ name: String, paths: AppPaths?) -> String? {
        guard let path = paths?.configFile("settings.conf") else { return "no config folder (set HOME): the name is kept for this run only" }
        guard case .success(var settings) = loadSettings(paths) else { return "settings.conf does not read: the name is kept for this run only" }
        settings.name = name
        do throws(FileError) {
            try writeSettings(settings, to: path)
            return nil
        } catch {
            return "could not save the name to \(error.path): \(error.reason)"
        }
    }

    /// Writes `settings` to the file at `path`, keeping its comments, blank lines and other
    /// lines where they are (`PlayerSettings.fileText(keeping:)`); a new file gets `fileText`.
    static func writeSettings(_ settings: PlayerSettings, to path: String) throws(FileError) {
        var text = settings.fileText
        if let bytes = try? ConfigFile.read(path, maxBytes: 64 << 10), let old = String(validating: bytes, as: UTF8.self) {
            text = settings.fileText(keeping: old)
        }
        // Through a dotfile manager's link to the user's own file, the link kept (ConfigFile).
        try ConfigFile.write(Array(text.utf8), to: path)
    }

    static func loadSettings(_ paths: AppPaths?) -> Result<PlayerSettings, KeyBindingsFileError> {
        guard let path = paths?.configFile("settings.conf") else { return .success(.defaults) }
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try ConfigFile.read(path, maxBytes: 64 << 10)
        } catch {
            if error.isMissing && error.path == path { return .success(.defaults) }
            return .failure(.unreadable(error.playerMessage(loading: "settings")))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(.unreadable("\(path) is not UTF-8 text"))
        }
        do throws(PlayerSettings.ParseError) {
            return .success(try PlayerSettings.parse(text, path: path))
        } catch {
            return .failure(.badLine(error.description))
        }
    }

    /// The bindings: the defaults changed by `keys.conf` in the config folder, if there is one.
    static func loadBindings(_ paths: AppPaths?) -> Result<KeyBindings, KeyBindingsFileError> {
        guard let path = paths?.configFile("keys.conf") else { return .success(.defaults) }
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try ConfigFile.read(path, maxBytes: 64 << 10)
        } catch {
            if error.isMissing && error.path == path { return .success(.defaults) }
            return .failure(.unreadable(error.playerMessage(loading: "key bindings")))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(.unreadable("\(path) is not UTF-8 text"))
        }
        do throws(KeyBindings.ParseError) {
            return .success(try KeyBindings.parse(text, path: path))
        } catch {
            return .failure(.parse(error))
        }
    }
}

/// Why the bindings file was not used.
enum KeyBindingsFileError: Error, CustomStringConvertible {
    case unreadable(String)
    case parse(KeyBindings.ParseError)
    case badLine(String)

    var description: String {
        switch self {
        case .unreadable(let message): message
        case .parse(let error): error.description
        case .badLine(let message): message
        }
    }

    /// The line a command says when the file stops it: the reason and what to do.
    func line(_ command: String) -> String {
        switch self {
        case .unreadable: "hanjul \(command): \(description); fix or remove the file"
        case .parse, .badLine: "hanjul \(command): \(description); fix or remove that line (the format is in 'man hanjul', under FILES)"
        }
    }
}

/// A Lua panic (which LuaKit's protected calls should make impossible) restores the
/// terminal before it aborts (RELIABILITY T-12).
enum LuaPanicHandler {
    static func install() {
        LuaPanic.setEmergencyHandler(TerminalSession.emergencyRestore)
    }
}
