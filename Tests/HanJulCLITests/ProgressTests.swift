import Foundation
import TestTiers
import Testing

/// The progress bar's manners, with standard error a real pseudo-terminal (standard output
/// a pipe): block characters under a UTF-8 locale, ASCII under any other, plain lines and
/// no escape codes or carriage returns under `TERM=dumb`, nothing with `--quiet`.
@Suite(.needsTerminal) struct ProgressTests {
    static let helper = #"""
        import json, os, pty, subprocess, sys, termios
        binary, args, env = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
        master, slave = pty.openpty()
        attributes = termios.tcgetattr(slave)
        attributes[1] &= ~termios.OPOST  # bytes as written: no \n -> \r\n
        termios.tcsetattr(slave, termios.TCSANOW, attributes)
        p = subprocess.Popen([binary] + args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=slave, env=env)
        p.stdin.close()
        os.close(slave)
        seen = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
        out = p.stdout.read()
        p.wait()
        print(json.dumps({"status": p.returncode, "terminal": seen.decode("latin-1"), "stdout": out.decode()}))
        """#

    struct Outcome: Decodable {
        var status: Int32
        /// Standard error's bytes, one character per byte (latin-1).
        var terminal: String
        var stdout: String
    }

    static func run(_ arguments: [String], _ environment: [String: String]) throws -> Outcome {
        let folder = try TemporaryFolder()
        var env = ["PATH": "/usr/bin:/bin", "HOME": folder.path, "XDG_DATA_HOME": folder.path + "/data"]
        env.merge(environment) { $1 }
        let json = { (value: Any) in String(decoding: try JSONSerialization.data(withJSONObject: value), as: UTF8.self) }
        let result = try Shell.run("/usr/bin/python3", ["-c", helper, Hanjul.binary.path, try json(arguments), try json(env)])
        return try JSONDecoder().decode(Outcome.self, from: Data(result.stdout.utf8))
    }

    static let sim = ["sim", "--games", "30", "--seed", "1", "--cap", "100", "--workers", "1"]

    @Test func blocksUnderUTF8() throws {
        let outcome = try Self.run(Self.sim, ["LANG": "C.UTF-8", "TERM": "xterm-256color"])
        #expect(outcome.status == 0)
        // █ and · are UTF-8 bytes; as latin-1 characters they read "â\u{96}\u{88}" and "Â·".
        #expect(outcome.terminal.contains("\u{E2}\u{96}\u{88}") || outcome.terminal.contains("\u{C2}\u{B7}"), "\(outcome.terminal.debugDescription)")
        #expect(outcome.terminal.contains("\r") && outcome.terminal.hasSuffix("\r\u{1B}[K"), "redrawn in place, then erased")
        #expect(outcome.stdout.contains("30 games (seeds 1…30)"))
    }

    @Test(arguments: [["LANG": "C"], ["LC_ALL": "POSIX", "LANG": "en_US.UTF-8"], ["LANG": "ko_KR.EUC-KR"], [:]])
    func asciiUnderAnyOtherLocale(locale: [String: String]) throws {
        let outcome = try Self.run(Self.sim, locale.merging(["TERM": "xterm"]) { $1 })
        #expect(outcome.status == 0)
        #expect(outcome.terminal.unicodeScalars.allSatisfy { $0.value < 0x80 }, "\(locale): \(outcome.terminal.debugDescription)")
        // The first frame may come after a game or two finished (a loaded machine): any count.
        #expect(outcome.terminal.contains("/30 games") && outcome.terminal.contains("---"), "\(outcome.terminal.debugDescription)")
    }

    @Test func plainLinesUnderADumbTerminal() throws {
        let outcome = try Self.run(Self.sim, ["LANG": "C.UTF-8", "TERM": "dumb"])
        #expect(outcome.status == 0)
        #expect(!outcome.terminal.contains("\u{1B}") && !outcome.terminal.contains("\r"), "\(outcome.terminal.debugDescription)")
        #expect(outcome.terminal.hasPrefix("sim standard: 30 games"), "\(outcome.terminal.debugDescription)")
        #expect(outcome.terminal.contains("sim standard: 30/30 games in "), "\(outcome.terminal.debugDescription)")
    }

    @Test func quietShowsNothing() throws {
        for quiet in ["--quiet", "-q"] {
            let outcome = try Self.run(Self.sim + [quiet], ["LANG": "C.UTF-8", "TERM": "xterm"])
            #expect(outcome.status == 0)
            #expect(outcome.terminal.isEmpty, "\(outcome.terminal.debugDescription)")
            #expect(outcome.stdout.contains("30 games"), "the data still goes to standard output")
        }
        let both = try Hanjul.run(Self.sim + ["--quiet", "--progress"])
        #expect(both.status == 2)
        #expect(both.stderr.contains("give --progress or --quiet, not both"))
    }
}
