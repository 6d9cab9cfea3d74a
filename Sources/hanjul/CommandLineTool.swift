import Foundation

/// Dispatches `hanjul COMMAND …` to its command.
enum CommandLineTool {
    static let usage = """
        HanJul: a moddable falling-block puzzle game for the terminal.

        usage:
          hanjul                       play a demo game (printed as text)
          hanjul run (--seed N | --pieces LETTERS) --actions SCRIPT [--json] [--save-replay FILE] [--mod ID]…
                                       play one scripted game headlessly and print the result
          hanjul replay --verify FILE  re-run a recorded game and check it ends the same way
          hanjul mods [--mods-dir DIR]…
                                       list the mods found, with any load error
          hanjul mods --trust ID       re-enable a mod the watchdog quarantined

        Commands that play take --mod ID (repeatable: mods apply in order) and
        --mods-dir DIR (repeatable: searched before ./Mods and ~/.local/share/hanjul/mods).
          hanjul help                  show this help

        Exit status: 0 ok, 1 failure, 2 bad usage, 3 a mod failed, 4 a mod hung and was
        quarantined (the watchdog stopped it after 2 s).

        Action scripts use L R (move), C (rotate), D (soft drop), H (hard drop), G (gravity tick).
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        guard let command = arguments.first else { return DemoCommand.run() }
        let rest = Array(arguments.dropFirst())
        do throws(UsageError) {
            switch command {
            case "run": return try RunCommand.run(rest)
            case "demo": return DemoCommand.run()
            case "replay": return try ReplayCommand.run(rest)
            case "mods": return try ModsCommand.run(rest)
            case "help", "--help", "-h":
                print(usage)
                return .success
            default:
                throw UsageError("unknown command '\(command)'")
            }
        } catch {
            StandardError.write("hanjul \(command): \(error.message) (see 'hanjul help')")
            return .usage
        }
    }
}

/// Lines for people on standard error.
enum StandardError {
    static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
