import CTerminalShim
import Foundation

/// Dispatches `hanjul COMMAND …` to its command.
enum CommandLineTool {
    static let usage = """
        HanJul: a moddable falling-block puzzle game for the terminal.

        usage:
          hanjul                       play in the terminal (same as 'hanjul play')
          hanjul play [--mod ID]… [--mods-dir DIR]… [--seed N] [--ascii]
                                       play in the terminal; '?' in the game lists the keys
          hanjul run (--seed N | --pieces LETTERS) (--actions SCRIPT | --actions-file FILE)
                     [--json] [--save-replay FILE] [--mod ID]…
                                       play one scripted game headlessly and print the result
          hanjul replay FILE           watch a recorded game in the terminal (+/- speed, p pause, . step, q quit)
          hanjul replay --verify FILE [--force]
                                       re-run a recorded game and check it ends the same way
          hanjul demo                  a game played by a simple placer, printed as text
          hanjul mods                  list the mods found, with any load error
          hanjul mods --trust ID       re-enable a mod the watchdog quarantined
          hanjul check ID [--games N] [--actions N] [--seed N] [--mods-dir DIR]…
                                       check a mod: manifest, determinism, invariants under
                                       random play, and its tests/*.lua and tests/*.replay
          hanjul check ID --record FILE [--seed N] [--pieces N]
                                       record a bot game under the mod as a golden replay
          hanjul sim [--mod ID]… (--games N --seed S | --seeds A..B) [--cap PIECES] [--bot NAME]
                     [--noise X] [--search fast|full] [--workers K] [--json | --jsonl FILE]
                     [--save-replays DIR]
                                       play seeded games with a bot and summarise them
          hanjul stats FILE… [--json]  merge the JSONL of several sim runs into one summary
          hanjul compare --a "MODS" --b "MODS" [sim options] [--json] [--svg FILE]
                                       play both rule sets on the same seeds and compare
                                       ("" is the built-in rules; "garbage zen" two mods)
          hanjul bench [--games N] [--cap PIECES] [--reference PATH | --no-reference]
                                       the bot's speed: built-in rules, Mods/standard, C reference
          hanjul help                  show this help

        Commands that play take --mod ID (repeatable: mods apply in order) and --mods-dir DIR
        (repeatable: searched before ./Mods and ~/.local/share/hanjul/mods).
        Action scripts use L R (move), C (rotate), D (soft drop), H (hard drop), G (gravity tick),
        W<ms> (time passing: W16, W500; it runs the lock timer under rules with a lock delay);
        rules that allow them add A (rotate counter-clockwise), F (rotate 180) and X (hold).
        Bots: eltetris (default), dellacherie, random; --noise X plays a random placement with
        probability X. Built-in variants for quick comparisons: uniform (no bag), nokick.

        Exit status: 0 ok, 1 failure, 2 bad usage, 3 a mod failed, 4 a mod hung and was
        quarantined (the watchdog stopped it after 2 s).
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
            case "check": return try CheckCommand.run(rest)
            case "sim": return try SimCommand.run(rest)
            case "stats": return try StatsCommand.run(rest)
            case "compare": return try CompareCommand.run(rest)
            case "bench": return try BenchCommand.run(rest)
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
    /// One line, with `write(2)` directly: `FileHandle.write` traps on EPIPE (a closed
    /// pipe with SIGPIPE ignored), and a message must never crash the program (T-19).
    static func write(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if n > 0 { offset += n } else if n < 0 && errno == EINTR { continue } else { return }
        }
    }
}

/// Standard output at exit (RELIABILITY T-19): headless output into a closed pipe
/// (`hanjul run … | head -c 1`). With SIGPIPE at its default the first failed write ends
/// the process by SIGPIPE, quietly, as for any Unix filter. With SIGPIPE ignored (some
/// parents do that), writes fail with EPIPE: nothing traps, and here the exit status says
/// the output was not delivered (1), with no message when the reader simply went away,
/// and one line for any other write error (disk full, I/O error).
enum StandardOutput {
    static func finish(_ status: ExitStatus) -> ExitStatus {
        let code = hj_stdout_finish()
        guard code != 0 else { return status }
        if readerGone || code == EPIPE { return status == .success ? .failure : status }
        StandardError.write("hanjul: could not write to standard output (\(String(cString: strerror(code))))")
        return status == .success ? .failure : status
    }

    /// Whether standard output is a pipe whose reading end is closed (poll says POLLERR).
    static var readerGone: Bool {
        var descriptor = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLERR) != 0
    }
}
