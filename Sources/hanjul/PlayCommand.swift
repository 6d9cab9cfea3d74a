import Glibc
import HanJulCommandLine
import HanJulCore
import HanJulFiles
import HanJulMods
import HanJulPlay
import HanJulTerminal
import LuaKit

/// `hanjul` and `hanjul play [--mod ID]… [--mods-dir DIR]… [--seed N] [--ascii]`: the game
/// in the terminal.
enum PlayCommand {
    static let seed = Option("--seed", value: "N", help: "deal every game, new games included, from seed N (default: a seed from the clock)")
    static let ascii = Option.flag("--ascii", help: "draw with ASCII only")

    static let declaration = Command(
        "play", summary: "play in the terminal ('hanjul' alone does the same); '?' in the game lists the keys",
        synopsis: ["[--mod ID]... [--mods-dir DIR]... [--seed N] [--ascii]"],
        discussion: [
            "Standard input and output must be a terminal. Keys: arrows or h/l move, up or k rotates, down or j "
                + "soft-drops, Space hard-drops, z rotates counter-clockwise and c holds (rules that allow them), "
                + "p pauses, r starts a new game, q quits, ? lists the keys as bound. Key bindings can be changed in "
                + "$XDG_CONFIG_HOME/hanjul/keys.conf. High scores and replays are kept in the data folder.",
        ],
        options: [seed, ascii] + ModOptions.options)

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitStatus {
        let seed = try arguments.seed(Self.seed)
        let ascii = arguments.flag(Self.ascii)
        let mods = try ModOptions(arguments)

        // Before anything else: a game needs a terminal on both ends (T-8, T-9).
        for (descriptor, name) in [(STDIN_FILENO, "standard input"), (STDOUT_FILENO, "standard output")] where isatty(descriptor) != 1 {
            StandardError.write("hanjul play: \(name) is not a terminal; to play without one, use 'hanjul run' (see 'hanjul help')")
            return .usage
        }

        let environment = TerminalEnvironment.current()
        let paths = try? AppPaths.current()
        let bindings: KeyBindings
        switch loadBindings(paths) {
        case .success(let loaded): bindings = loaded
        case .failure(let error):
            StandardError.write("hanjul play: \(error); fix or remove that line (the format is in the README)")
            return .usage
        }
        // TEST ONLY: HANJUL_TEST_CRASH makes the game loop trap on purpose (TestCrash).
        let settings = PlaySettings(seed: seed, bindings: bindings, ascii: ascii, dataDirectory: paths?.dataDirectory,
                                    environment: environment,
                                    testCrash: TestCrash(environmentValue: environment["HANJUL_TEST_CRASH"]))
        LuaPanicHandler.install()

        if mods.isStandard {
            let provider = RulesProvider<StandardRules>(make: { .success(StandardRules()) }, identity: { _ in .standard })
            return finish(PlayLoop.run(provider: provider, rules: StandardRules(), settings: settings))
        }
        let catalog = mods.catalog
        let ids = mods.ids
        // Like `run` and `replay`: quarantined mods are refused, and every game's mods
        // (hot reloads too) run under the watchdog (HangGuard: a hung call restores the
        // terminal, quarantines the mod, prints one line and exits with status 4).
        let provider = RulesProvider<LuaRules>(
            make: {
                switch mods.loadRules(command: "play") {
                case .success(let rules): return .success(rules)
                case .failure(let error): return .failure(RulesFailure(error.description))
                }
            },
            identity: { $0.identity },
            modNames: { $0.manifests.map { "\($0.name) \($0.version)" } },
            watchedFolders: ids.compactMap { catalog.searchPath.folder(of: $0) })
        switch provider.make() {
        case .success(let rules):
            return finish(PlayLoop.run(provider: provider, rules: rules, settings: settings))
        case .failure(let failure):
            StandardError.write("hanjul play: \(failure.message)")
            return .modError
        }
    }

    static func finish(_ result: Result<PlayExit, TerminalError>) -> ExitStatus {
        switch result {
        case .success(.quit): return .success
        case .success(.inputClosed): return .failure
        case .failure(let error):
            StandardError.write("hanjul play: \(error); to play without a terminal, use 'hanjul run'")
            return .usage
        }
    }

    /// The bindings: the defaults changed by `keys.conf` in the config folder, if there is one.
    static func loadBindings(_ paths: AppPaths?) -> Result<KeyBindings, KeyBindingsFileError> {
        guard let path = paths?.configFile("keys.conf") else { return .success(.defaults) }
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try SafeFile.read(path, maxBytes: 64 << 10)
        } catch {
            if error.isMissing { return .success(.defaults) }
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

    var description: String {
        switch self {
        case .unreadable(let message): message
        case .parse(let error): error.description
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
