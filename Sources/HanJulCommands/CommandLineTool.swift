import HanJulCommandLine
import HanJulBot
import HanJulFiles
import HanJulCore
import HanJulText

/// Dispatches `hanjul COMMAND …` to its command, through the declarations: each command
/// declares its options once (`static let declaration`), and parsing, `--help`, `hanjul
/// help`, the man page (`hanjul help --man`) and the completions (`hanjul completions
/// SHELL`) are all made from them.
public enum CommandLineTool {
    /// A declared command and the function that runs it.
    struct Entry: Sendable {
        let declaration: Command
        let run: @Sendable (Arguments) throws(UsageError) -> ExitStatus
    }

    /// Every command, in the order the usage lists them.
    static let entries: [Entry] = [
        Entry(declaration: PlayCommand.declaration) { (a) throws(UsageError) in try PlayCommand.run(a) },
        Entry(declaration: RunCommand.declaration) { (a) throws(UsageError) in try RunCommand.run(a) },
        Entry(declaration: ReplayCommand.declaration) { (a) throws(UsageError) in try ReplayCommand.run(a) },
        Entry(declaration: DemoCommand.declaration) { a in DemoCommand.run(a) },
        Entry(declaration: ModsCommand.declaration) { (a) throws(UsageError) in try ModsCommand.run(a) },
        Entry(declaration: CheckCommand.declaration) { (a) throws(UsageError) in try CheckCommand.run(a) },
        Entry(declaration: SimCommand.declaration) { (a) throws(UsageError) in try SimCommand.run(a) },
        Entry(declaration: StatsCommand.declaration) { (a) throws(UsageError) in try StatsCommand.run(a) },
        Entry(declaration: CompareCommand.declaration) { (a) throws(UsageError) in try CompareCommand.run(a) },
        Entry(declaration: BenchCommand.declaration) { (a) throws(UsageError) in try BenchCommand.run(a) },
        Entry(declaration: ServeCommand.declaration) { (a) throws(UsageError) in try ServeCommand.run(a) },
        Entry(declaration: VersusCommand.declaration) { (a) throws(UsageError) in try VersusCommand.run(a) },
        Entry(declaration: BotCommand.declaration) { (a) throws(UsageError) in try BotCommand.run(a) },
        Entry(declaration: HelpCommand.declaration) { (a) throws(UsageError) in try HelpCommand.run(a) },
        Entry(declaration: CompletionsCommand.declaration) { (a) throws(UsageError) in try CompletionsCommand.run(a) },
    ]

    static let version = Option.flag("--version", short: "V",
                                     help: "print HanJul's version, the engine's behaviour version, the replay format version and the Lua version in use")

    static let program = Program(
        name: "hanjul",
        title: "HanJul",
        summary: "a moddable falling-block puzzle game for the terminal",
        description: [
            "HanJul plays the standard game out of the box (10x20, 7-bag, 100/300/500/800 x level, a level every "
                + "10 lines); rule variants load as Lua mods. 'hanjul' alone plays in the terminal; the other "
                + "commands run games headlessly, check mods and test variants.",
            "Commands that play take --mod ID (repeatable: mods apply in order) and --mods-dir DIR (repeatable: "
                + "searched before ./Mods, ~/.local/share/hanjul/mods and the system's share/hanjul/mods). "
                + "Bots: \(BotKind.allCases.map { $0 == .eltetris ? "\($0.rawValue) (default)" : $0.rawValue }.joined(separator: ", ")) "
                + "('hanjul sim --bot list' says what each plays like); --noise X plays a random placement with "
                + "probability X. Wherever a file is read or written, '-' means standard input or output.",
        ],
        commands: entries.map(\.declaration),
        defaultCommand: "play",
        options: [version],
        sections: [
            Program.Section("EXIT STATUS", paragraphs: [
                "0: success",
                "1: a failure other than the input (output could not be written, a check failed, a replay diverged)",
                "2: a malformed command line or input, or a mod id found in no mod folder",
                "3: a mod failed to load or failed during the game",
                "4: a mod hung and was quarantined (the watchdog stopped it after 2 s; 'hanjul mods --trust ID' re-enables it)",
            ], isList: true),
            Program.Section("ENVIRONMENT", paragraphs: [
                "HOME: the base of the default folders below (from the password database when unset)",
                "USER: the name offered for a high score until one is typed (settings.conf name)",
                "XDG_CONFIG_HOME: settings.conf and keys.conf are read from $XDG_CONFIG_HOME/hanjul (default ~/.config/hanjul)",
                "XDG_DATA_HOME: the data folder is $XDG_DATA_HOME/hanjul (default ~/.local/share/hanjul): high scores, replays, the user's mods",
                "XDG_STATE_HOME: state that is not data, the quarantine list, is kept in $XDG_STATE_HOME/hanjul (default ~/.local/state/hanjul)",
                "XDG_DATA_DIRS: system folders searched for mods after the user's, as DIR/hanjul/mods (default /usr/local/share:/usr/share). "
                    + "Empty and relative XDG values are ignored, as the specification says",
                "LC_ALL, LC_CTYPE, LANG: the locale (the first set, in that order); unless its character set is UTF-8, the game, "
                    + "the start screen and every report are drawn in ASCII (play --unicode overrides). JSON and other data are written as they are",
                "NO_COLOR: when set and not empty, the board is drawn without colour",
                "COLORTERM, TERM: the colours the terminal is assumed to show (24-bit, 256 or 16); TERM=dumb (or unset) draws no "
                    + "progress bar in place, and hanjul play needs cursor addressing",
                "HANJUL_WATCHDOG_SECONDS: the watchdog's limit per mod call (0.5 to 600; default 2)",
                "TMPDIR: where hanjul bench compiles the C reference (default /tmp)",
                "PATH: where hanjul bench looks for a C compiler (gcc or cc)",
                "SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT: not read by hanjul itself; a job script passes them as "
                    + "--shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT",
            ], isList: true, inUsage: false),
            Program.Section("FILES", paragraphs: [
                "~/.config/hanjul/settings.conf: the player's settings: das, arr, soft_drop, das_cut, countdown (milliseconds), ghost (on or off), "
                    + "preview (0-6), mods (what Play on the start screen plays), name, replays_kept, palette (auto, 24bit, 256, 16, none), "
                    + "theme (auto: ask the terminal its background; dark; light); "
                    + "one 'name = value' per line, '#' comments. The start screen's Settings rewrites it",
                "~/.config/hanjul/keys.conf: key bindings, one 'command = key, key' per line; commands: left right rotate "
                    + "rotate_ccw rotate_180 soft_drop hard_drop hold pause restart quit help; keys: a character, or Left Right Up "
                    + "Down Space Enter Tab Esc Backspace Home End PageUp PageDown Insert Delete F1-F12 Ctrl-x comma hash, "
                    + "Shift Ctrl Alt alone (kitty), a named key after Shift-, Ctrl- or Alt- (Shift-Left); 'command =' alone: no key. "
                    + "The start screen's Settings > Keys edits it in place, keeping comments",
                "~/.local/share/hanjul/scores.hjr: the top 10 per rule set (a damaged one is moved aside as scores.hjr.corrupt-TIME)",
                "~/.local/share/hanjul/replays/: a replay of every game played (the newest replays_kept, and every high-score game, are kept)",
                "~/.local/share/hanjul/mods/: the user's mods, one folder each, found after --mods-dir and ./Mods",
                "~/.local/state/hanjul/quarantine: the mods the watchdog stopped ('hanjul mods --trust ID' lifts one)",
                "./Mods/: mods in the working folder, found before the user's",
                "/usr/local/share/hanjul/mods/, /usr/share/hanjul/mods/: mods installed for everyone ($XDG_DATA_DIRS)",
                "PREFIX/share/hanjul/mods/, /usr/share/games/hanjul/mods/: the mods installed with HanJul, beside "
                    + "PREFIX/bin/hanjul (or /usr/games/hanjul, as the Debian package installs it)",
                "/usr/share/doc/hanjul/: the README and the guides (MODDING.md, REPLAY.md, RULES.md, SIM.md, RELIABILITY.md), "
                    + "under PREFIX/share/doc/hanjul for another install",
                "/usr/share/doc/hanjul/examples/sweep.sbatch: a Slurm job-array script that plays one shard per task",
            ], isList: true, inUsage: false),
            Program.Section("EXAMPLES", paragraphs: [
                "hanjul: the start screen: play, pick mods, change settings, see high scores and replays",
                "hanjul --mod guideline: the modern game (SRS, hold, five previews, lock delay, T-spins)",
                "hanjul --mod sprint --seed 7: 40 lines against the clock, dealt from seed 7",
                "hanjul run --pieces IOT --actions 'H LLH' --json: one scripted game, its result as one JSON line",
                "hanjul replay ~/.local/share/hanjul/replays/FILE.hjr: watch a game again; --verify checks it",
                "hanjul mods: every mod found, with why a broken one fails to load",
                "hanjul check garbage: check a mod (manifest, determinism, invariants, its own tests)",
                "hanjul sim --games 200 --seed 1 --cap 2000 --noise 0.05: 200 seeded games with the bot, summarised",
                "hanjul sim --seeds 1..100000 --shard 3/8 --resume shard-3.jsonl: one shard of a sweep, resumable",
                "hanjul stats --shards 8 --expect 1..100000 shard-*.jsonl: merge the shards, refusing a seed missing or repeated",
                "hanjul compare --a '' --b garbage --games 300 --seed 1 --svg cmp.svg: the standard game against a mod, with a chart",
                "hanjul help --man | man -l -: this page",
                "hanjul completions bash > ~/.local/share/bash-completion/completions/hanjul: completion for bash",
            ], isList: true, inUsage: false),
            Program.Section("SEE ALSO", paragraphs: [
                "lua(1), luacheck(1), sbatch(1), parallel(1), gzip(1). The README and the guides in /usr/share/doc/hanjul "
                    + "(PREFIX/share/doc/hanjul): MODDING.md (writing mods, every hook and game method), REPLAY.md (the replay "
                    + "format), RULES.md (the standard rules exactly), SIM.md (simulations and sweeps), RELIABILITY.md.",
            ], inUsage: false),
        ],
        version: Version.release, date: HanJulVersion.date)

    /// `hanjul` with argv's own bytes (`CommandLine.arguments` has already made what is
    /// not UTF-8 U+FFFD). An argument that is not UTF-8 is refused (H-5): every command takes
    /// its files as text, and the decoded spelling names another file, to read or to write
    /// over. The Replays page of the start screen reaches a replay of any name.
    public static func run(argv raw: [PathBytes]) -> ExitStatus {
        var arguments: [String] = []
        for (index, argument) in raw.enumerated() {
            guard let text = argument.text else {
                StandardError.write("hanjul: argument \(index + 1), \(CommandLineText.quoted(argument.shown)), is not UTF-8: "
                                    + "read as text it would name another file, so it is refused (rename the file; "
                                    + "the start screen's Replays page watches, verifies and deletes a replay of any name)")
                return .usage
            }
            arguments.append(text)
        }
        return run(arguments)
    }

    static func run(_ arguments: [String]) -> ExitStatus {
        BotCommand.connectHost()
        guard let first = arguments.first else { return dispatch(program.defaultCommand, []) }
        switch first {
        case "--help", "-h":
            say(program.usage)
            return .success
        case "--version", "-V":
            guard arguments.count == 1 else {
                StandardError.write("hanjul: \(first) takes nothing after it (see 'hanjul help')")
                return .usage
            }
            say(Version.text)
            return .success
        default:
            // `hanjul --mod garbage` plays, like `hanjul play --mod garbage`; a typo of
            // --version (`--verison`, `-v`) is not taken for an unknown option of play.
            if first.hasPrefix("-") && first != "-" {
                if let typo = versionTypo(first) {
                    StandardError.write("hanjul: unknown option \(CommandLineText.shown(typo))"
                                        + Suggestions.didYouMean([typo == "-v" ? "-V" : "--version"], quote: { $0 })
                                        + " (see 'hanjul help')")
                    return .usage
                }
                return dispatch(program.defaultCommand, arguments)
            }
            return dispatch(first, Array(arguments.dropFirst()))
        }
    }

    /// The spelling of `word` (before any `=`) when it is no option of the default command
    /// but a slip for `--version`: `-v`, or a word close to `--version` (`--verison`).
    static func versionTypo(_ word: String) -> String? {
        let spelling = word.hasPrefix("--") ? String(word.prefix { $0 != "=" }) : word
        guard let play = program.command(program.defaultCommand) else { return nil }
        let known = play.allOptions.flatMap { option in [option.name] + (option.short.map { ["-\($0)"] } ?? []) + option.formerly }
        guard !known.contains(spelling), spelling != "--help", spelling != "-h" else { return nil }
        if spelling == "-v" { return spelling }
        let closest = Suggestions.closest(to: spelling, among: known + ["--version"], limit: 1)
        return closest == ["--version"] ? spelling : nil
    }

    static func dispatch(_ name: String, _ arguments: [String]) -> ExitStatus {
        guard let entry = entries.first(where: { $0.declaration.name == name }) else {
            // `hanjul version` (or a typo of it) means the option.
            let closest = Suggestions.closest(to: name, among: program.commandNames + ["version"])
            let suggestions = closest.map { $0 == "version" ? "--version" : $0 }
            StandardError.write("hanjul: unknown command \(CommandLineText.quoted(name))"
                                + Suggestions.didYouMean(name == "version" ? ["--version"] : suggestions)
                                + " (see 'hanjul help')")
            return .usage
        }
        do throws(UsageError) {
            switch try entry.declaration.parse(arguments) {
            case .help:
                say(program.help(for: entry.declaration))
                return .success
            case .run(let parsed):
                for note in parsed.notes { StandardError.write("hanjul \(name): \(note)") }
                return try entry.run(parsed)
            }
        } catch {
            StandardError.write("hanjul \(name): \(error.message) (see 'hanjul \(name) --help')")
            return .usage
        }
    }
}

/// `hanjul help [COMMAND]`, `hanjul help --man`.
enum HelpCommand {
    static let man = Option.flag("--man", help: "print the manual page (roff; 'hanjul help --man | man -l -' shows it)")

    static let declaration = Command(
        "help", summary: "show the usage of every command, or one command's help",
        synopsis: ["[COMMAND]", "--man"],
        operands: [Operand("COMMAND", kind: .command, count: .optional, help: "the command to explain")],
        options: [man])

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitStatus {
        let program = CommandLineTool.program
        if arguments.flag(man) {
            guard arguments.operands.isEmpty else { throw UsageError("--man prints the whole manual; give no command with it") }
            Swift.print(program.manPage, terminator: "")  // roff: ASCII already, data
            return .success
        }
        guard let name = arguments.operands.first else {
            say(program.usage)
            return .success
        }
        guard let command = program.command(name) else {
            throw UsageError("unknown command \(CommandLineText.quoted(name))"
                             + Suggestions.didYouMean(Suggestions.closest(to: name, among: program.commandNames)))
        }
        say(program.help(for: command))
        return .success
    }
}

/// `hanjul completions SHELL`: the completion script for bash, zsh or fish.
enum CompletionsCommand {
    static let declaration = Command(
        "completions", summary: "print the shell completion script for bash, zsh or fish",
        discussion: [
            "An installed HanJul has these where each shell finds them. By hand:",
            "  hanjul completions bash > ~/.local/share/bash-completion/completions/hanjul\n"
                + "  hanjul completions zsh > ~/.zfunc/_hanjul      # with fpath+=(~/.zfunc) before compinit\n"
                + "  hanjul completions fish > ~/.config/fish/completions/hanjul.fish",
        ],
        operands: [Operand("SHELL", kind: .choice(Shell.allCases.map(\.rawValue)), help: "bash, zsh or fish",
                           missing: "give the shell: bash, zsh or fish")],
        options: [])

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitStatus {
        let name = arguments.operands[0]
        guard let shell = Shell(rawValue: name) else {
            throw UsageError("no completion for \(CommandLineText.quoted(name)); give bash, zsh or fish"
                             + Suggestions.didYouMean(Suggestions.closest(to: name, among: Shell.allCases.map(\.rawValue))))
        }
        Swift.print(CommandLineTool.program.completion(for: shell), terminator: "")  // a script: data
        return .success
    }
}
