import Foundation

/// Dispatches `hanjul COMMAND …` to its command.
enum CommandLineTool {
    static let usage = """
        HanJul: a moddable falling-block puzzle game for the terminal.

        usage:
          hanjul                       play in the terminal (same as 'hanjul play')
          hanjul play [--mod ID]… [--mods-dir DIR]… [--seed N] [--ascii]
                                       play in the terminal; '?' in the game lists the keys
          hanjul run (--seed N | --pieces LETTERS) --actions SCRIPT [--json] [--save-replay FILE] [--mod ID]…
                                       play one scripted game headlessly and print the result
          hanjul replay FILE           watch a recorded game in the terminal (+/- speed, p pause, . step, q quit)
          hanjul replay --verify FILE  re-run a recorded game and check it ends the same way
          hanjul demo                  a game played by a simple placer, printed as text
          hanjul mods [--mods-dir DIR]…
                                       list the mods found, with any load error

        Commands that play take --mod ID (repeatable: mods apply in order) and
        --mods-dir DIR (repeatable: searched before ./Mods and ~/.local/share/hanjul/mods).
          hanjul help                  show this help

        Action scripts use L R (move), C (rotate), D (soft drop), H (hard drop), G (gravity tick).
        """

    static func run(_ arguments: [String]) -> ExitStatus {
        guard let command = arguments.first else { return (try? PlayCommand.run([])) ?? .usage }
        let rest = Array(arguments.dropFirst())
        // `hanjul --mod garbage` plays, like `hanjul play --mod garbage`.
        if command.hasPrefix("--") && command != "--help" {
            do throws(UsageError) { return try PlayCommand.run(arguments) } catch {
                StandardError.write("hanjul: \(error.message) (see 'hanjul help')")
                return .usage
            }
        }
        do throws(UsageError) {
            switch command {
            case "play": return try PlayCommand.run(rest)
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
