import Foundation
import Testing

/// The shell completions `hanjul completions SHELL` prints, run in the real shells: bash
/// through its completion variables (`COMP_WORDS`, `compgen`), fish through `complete -C`,
/// zsh interactively in a pseudo-terminal (its completion system needs the line editor).
/// Mod ids come from `hanjul mods --ids` over a folder of three mods.
@Suite struct CompletionTests {
    /// A working folder with `mods/{garbage,giant,zen}`, a file `notes.jsonl`, and `bin/hanjul`.
    final class Setup {
        let folder: TemporaryFolder
        var path: String { folder.path }
        var environment: [String: String] {
            ["PATH": path + "/bin:/usr/bin:/bin", "HOME": path, "XDG_DATA_HOME": path + "/data", "XDG_DATA_DIRS": path + "/system",
             "XDG_CONFIG_HOME": path + "/config", "TERM": "dumb", "LANG": "C.UTF-8"]
        }

        init(_ shell: String) throws {
            folder = try TemporaryFolder()
            let manager = FileManager.default
            for mod in ["garbage", "giant", "zen"] {
                try manager.createDirectory(atPath: "\(path)/mods/\(mod)", withIntermediateDirectories: true)
                try "return {}".write(toFile: "\(path)/mods/\(mod)/mod.lua", atomically: true, encoding: .utf8)
            }
            try "".write(toFile: "\(path)/notes.jsonl", atomically: true, encoding: .utf8)
            try manager.createDirectory(atPath: path + "/bin", withIntermediateDirectories: true)
            try manager.createSymbolicLink(atPath: path + "/bin/hanjul", withDestinationPath: Hanjul.binary.path)
            let script = try Hanjul.run(["completions", shell])
            #expect(script.status == 0)
            try script.stdout.write(toFile: "\(path)/\(shell == "zsh" ? "_hanjul" : "hanjul.\(shell)")", atomically: true, encoding: .utf8)
        }
    }

    static let bash = """
        source ./hanjul.bash
        COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
        _hanjul
        printf '%s\\n' "${COMPREPLY[@]}"
        """

    @Test(arguments: [
        (["hanjul", "s"], ["serve", "sim", "stats"]),
        (["hanjul", "co"], ["compare", "completions"]),
        (["hanjul", "sim", "--wo"], ["--workers"]),
        (["hanjul", "run", "--save-"], ["--save-replay"]),
        (["hanjul", "--mo"], ["--mod", "--mods-dir"]),
        (["hanjul", "run", "--mods-dir", "mods", "--mod", "g"], ["garbage", "giant"]),
        (["hanjul", "run", "--mods-dir=mods", "--mod", ""], ["garbage", "giant", "zen"]),
        (["hanjul", "check", "--mods-dir", "mods", "z"], ["zen"]),
        (["hanjul", "sim", "--bot", "d"], ["dellacherie"]),
        (["hanjul", "sim", "--jsonl", "no"], ["notes.jsonl"]),
        (["hanjul", "stats", "no"], ["notes.jsonl"]),
        (["hanjul", "help", "re"], ["replay"]),
        (["hanjul", "completions", ""], ["bash", "zsh", "fish"]),
        (["hanjul", "run", "--seed", ""], []),
    ])
    func bashCompletes(words: [String], expected: [String]) throws {
        let setup = try Setup("bash")
        let result = try Shell.run("/bin/bash", ["-c", Self.bash, "bash"] + words, environment: setup.environment, directory: setup.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").map(String.init).sorted() == expected.sorted(), "\(words)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")),
          arguments: [
              ("hanjul s", ["serve", "sim", "stats"]),
              ("hanjul sim --wo", ["--workers"]),
              ("hanjul run --mods-dir mods --mod g", ["garbage", "giant"]),
              ("hanjul check --mods-dir mods ", ["garbage", "giant", "zen"]),
              ("hanjul sim --search ", ["fast", "full"]),
          ])
    func fishCompletes(line: String, expected: [String]) throws {
        let setup = try Setup("fish")
        let result = try Shell.run("/usr/bin/fish", ["--no-config", "-c", "source hanjul.fish; complete -C '\(line)'"],
                                   environment: setup.environment, directory: setup.path)
        #expect(result.status == 0, "\(result.stderr)")
        let words = result.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        #expect(words.sorted() == expected.sorted(), "\(line): \(result.stdout)")
    }

    /// zsh completes only in its line editor: a pseudo-terminal runs `zsh -f -i` with the
    /// script on `fpath`, types each line and a Tab (twice: the list), and reads what zsh
    /// draws until the expected words appear (or 20 s pass).
    static let zshDriver = #"""
        import os, pty, select, sys, time, json
        folder, cases = sys.argv[1], json.loads(sys.argv[2])
        pid, fd = pty.fork()
        if pid == 0:
            os.chdir(folder)
            os.execve("/usr/bin/zsh", ["zsh", "-f", "-i"], dict(os.environ, ZDOTDIR=folder))
        def read_until(seen, words, limit, quiet=None, settle=None):
            # Until every word is on the screen (or `limit` s); with `quiet`, also until no
            # output came for that long, so zsh has settled before the next key; with
            # `settle`, also stop when output came and then nothing for that long (zsh
            # answered, without the words).
            out, start, last = "", time.time(), time.time()
            while time.time() < start + limit:
                now = time.time()
                done = all(w in seen + out for w in words)
                if done and (quiet is None or now - last >= quiet):
                    break
                if settle is not None and out and now - last >= settle:
                    break
                r, _, _ = select.select([fd], [], [], 0.05)
                if r:
                    try: out += os.read(fd, 65536).decode(errors="replace")
                    except OSError: break
                    last = time.time()
            return out
        # The markers are spelt so that the echoed command line does not contain them. No
        # bell: zle may drop keys typed around a beep.
        os.write(fd, ("PS1='Z''P> '; setopt no_beep no_list_beep; fpath=(" + folder + " $fpath); "
                      "autoload -Uz compinit; compinit -u -D; echo RE''ADY\n").encode())
        read_until("", ["READY", "ZP> "], 30, quiet=0.3)
        def type_line(line):
            # The whole line must come back as typed (zle can lose keys typed while it is
            # busy); otherwise empty it (Ctrl-U) and type it again.
            out = ""
            for _ in range(3):
                os.write(fd, line.encode())
                out = read_until("", [line], 10, quiet=0.3)
                if line in out:
                    return out
                os.write(fd, b"\x15")
                read_until("", [], 5, quiet=0.5)
            return out
        results = []
        for line, words in cases:
            screen = type_line(line)
            # One Tab; a second only once zsh has answered the first (a listing of several
            # candidates may need it), never while it is still completing.
            os.write(fd, b"\t")
            screen += read_until(screen, words, 30, settle=1.0)
            if not all(w in screen for w in words):
                os.write(fd, b"\t")
                screen += read_until(screen, words, 30)
            results.append(screen)
            # Ctrl-U empties the line. Not Ctrl-C: its SIGINT can reach zsh after the next
            # line's first keys (while zsh still answers a Tab) and abort that line.
            os.write(fd, b"\x15")
            read_until("", [], 5, quiet=0.5)
        os.kill(pid, 9)
        print(json.dumps(results))
        """#

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")))
    func zshCompletes() throws {
        let setup = try Setup("zsh")
        let cases: [(String, [String])] = [
            ("hanjul s", ["serve", "sim", "stats", "play seeded games"]),
            ("hanjul sim --wo", ["rkers="]),
            ("hanjul run --mods-dir mods --mod g", ["garbage", "giant"]),
            ("hanjul check --mods-dir mods ", ["garbage", "giant", "zen"]),
        ]
        let json = String(decoding: try JSONSerialization.data(withJSONObject: cases.map { [$0.0, $0.1] }), as: UTF8.self)
        let result = try Shell.run("/usr/bin/python3", ["-c", Self.zshDriver, setup.path, json], environment: setup.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let screens = try JSONDecoder().decode([String].self, from: Data(result.stdout.utf8))
        #expect(screens.count == cases.count)
        for (screen, (line, words)) in zip(screens, cases) {
            for word in words { #expect(screen.contains(word), "\(line): \(word) not in \(screen.debugDescription)") }
        }
        #expect(!screens[2].contains("zen"), "only the mods that start with g")
    }
}
