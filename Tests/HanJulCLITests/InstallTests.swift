import Foundation
import HanJulCore
import TestTiers
import Testing

/// `scripts/install PREFIX` as issue 14's "Done when" says, once per test run: install into
/// a temporary PREFIX (a release build with the Swift standard library linked in), then, in
/// a mount namespace where the Swift toolchain's folder is an empty folder (`unshare -m`, or
/// `unshare -r -m` where only user namespaces are allowed),
/// run `PREFIX/bin/hanjul --version`, `hanjul mods` (the bundled mods, found beside the
/// binary) and `hanjul run --seed 1 --actions H --json`. Then the man page, completions,
/// desktop entry and licence that came with it, `DESTDIR`, and `--uninstall`.
@Suite(.serialized, .runsLong) struct InstallTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The bundled mods: every folder of the repository's Mods/.
    static var bundledMods: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: repository + "/Mods")) ?? []
        return names.filter { !$0.hasPrefix(".") && FileManager.default.fileExists(atPath: repository + "/Mods/\($0)/mod.lua") }.sorted()
    }

    /// The Swift toolchain's root folder (`/opt/swift` for `/opt/swift/usr/bin/swift`).
    static var toolchainRoot: String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let swift = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
            guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
            // …/usr/bin/swift → …
            return swift.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().path
        }
        return nil
    }

    /// `fishFolder`: where the install copies the fish completion when fish does not search
    /// PREFIX's vendor_completions.d (a temporary PREFIX never is); empty: nowhere, so a test
    /// never writes the system's /etc/fish/completions.
    static func install(_ arguments: [String], destdir: String? = nil, fishFolder: String = "") throws -> Hanjul.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["DESTDIR"] = destdir
        environment["FISH_COMPLETIONS_DIR"] = fishFolder
        return try Shell.run("/bin/bash", [repository + "/scripts/install"] + arguments, environment: environment,
                             directory: repository)
    }

    /// Runs `script` (bash) in a new mount namespace where an empty folder is mounted over
    /// the toolchain's root; as root (`unshare -m`), else in a user namespace (`unshare -r
    /// -m`). A chroot is no help where both are refused: the Swift runtime reads
    /// /proc/self/maps at start, and mounting /proc needs the same privilege.
    static func withoutToolchain(_ script: String, scratch: String) throws -> Hanjul.Result {
        let root = try #require(toolchainRoot, "the Swift toolchain is not on PATH")
        let empty = scratch + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let environment = ["PATH": "/usr/bin:/bin", "HOME": scratch + "/home", "XDG_DATA_HOME": scratch + "/home/data",
                           "XDG_CONFIG_HOME": scratch + "/home/config", "XDG_DATA_DIRS": empty, "LANG": "C.UTF-8"]
        let hide = "mount --bind '\(empty)' '\(root)' || exit 98\n"
            + "test ! -e '\(root)/usr/bin/swift' || { echo 'the toolchain is still visible' >&2; exit 99; }\n"
        var refusals: [String] = []
        for flags in [["-m"], ["-r", "-m"]] {
            let result = try Shell.run("/usr/bin/unshare", flags + ["/bin/bash", "-c", hide + script], environment: environment,
                                       directory: scratch + "/work")
            if result.status == 98 || result.status == 1 && result.stderr.hasPrefix("unshare:") {
                refusals.append("unshare \(flags.joined(separator: " ")): \(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
                continue
            }
            return result
        }
        Issue.record("cannot hide the toolchain: \(refusals.joined(separator: "; ")); run the tests where mount namespaces are allowed")
        return Hanjul.Result(status: -1, stdout: "", stderr: refusals.joined(separator: "\n"))
    }

    @Test func installRunsWithoutTheToolchainThenUninstalls() throws {
        let scratch = try TemporaryFolder()
        // A fresh PREFIX, its parent fresh too: the install makes both, the uninstall removes both.
        let prefix = scratch.path + "/fresh/prefix"
        for folder in ["/home", "/work"] {
            try FileManager.default.createDirectory(atPath: scratch.path + folder, withIntermediateDirectories: true)
        }
        // fish's per-user folder stands for /etc/fish/completions: fish searches both.
        let fishFolder = scratch.path + "/home/.config/fish/completions"
        let installed = try Self.install([prefix], fishFolder: fishFolder)
        #expect(installed.status == 0, "\(installed.stdout)\n\(installed.stderr)")
        #expect(installed.stdout.contains("installed in \(prefix)"), "\(installed.stdout)")
        // Building asks for the build's packages only, and says which.
        #expect(installed.stderr.contains("== building needs: the Swift 6 toolchain, liblua5.4-dev, pkg-config, zlib1g-dev"),
                "\(installed.stderr)")
        #expect(!installed.stderr.contains("munge") && !installed.stderr.contains("lua-check"), "\(installed.stderr)")
        #expect(installed.stdout.contains("needs at run time: liblua5.4.so.0 libm.so.6 libz.so.1 libc.so.6 (on Debian: liblua5.4-0, zlib1g; glibc 2.36 or later)"), "\(installed.stdout)")

        // No Foundation (swift-corelibs) and so no ICU in the binary: FoundationEssentials only.
        let symbols = try Shell.run("/usr/bin/nm", [prefix + "/bin/hanjul"])
        #expect(symbols.status == 0 && !symbols.stdout.isEmpty)
        #expect(!symbols.stdout.contains("$s10Foundation"), "Foundation is linked in: import FoundationEssentials instead")
        #expect(!symbols.stdout.contains("ucol_open"), "ICU is linked in")
        // Test-only switches are compiled out of a release build (#15): no hang switch.
        let binary = try #require(FileManager.default.contents(atPath: prefix + "/bin/hanjul"))
        for switchName in ["HANJUL_TEST_HANG_MS", "test_hang", "HANJUL_TEST_CRASH"] {
            #expect(binary.range(of: Data(switchName.utf8)) == nil, "the release binary holds the test switch \(switchName)")
        }
        #expect(!symbols.stdout.contains("ModTestHooks"), "the release binary holds ModTestHooks")

        // The three commands of the Done-when, the toolchain's folder hidden.
        let mark = "=====hanjul====="
        let script = ["'\(prefix)/bin/hanjul' --version", "'\(prefix)/bin/hanjul' mods",
                      "'\(prefix)/bin/hanjul' run --seed 1 --actions H --json"]
            .map { "\($0); echo \"\(mark) $?\"" }.joined(separator: "\n")
        let hidden = try Self.withoutToolchain(script, scratch: scratch.path)
        #expect(hidden.stderr.isEmpty, "\(hidden.stderr)")
        let parts = hidden.stdout.components(separatedBy: mark + " ")
        try #require(parts.count == 4, "\(hidden.stdout)\n\(hidden.stderr)")
        let version = parts[0], mods = parts[1], run = parts[2]
        #expect(mods.hasPrefix("0\n") && run.hasPrefix("0\n") && parts[3] == "0\n", "every command exits 0: \(hidden.stdout)")

        let versionLines = version.split(separator: "\n")
        #expect(versionLines.count == 4, "\(version)")
        #expect(versionLines.first?.hasPrefix("hanjul ") == true)
        #expect(versionLines.contains { $0.hasPrefix("engine behaviour version ") })
        #expect(versionLines.contains { $0.hasPrefix("replay format version ") })
        #expect(versionLines.last?.hasPrefix("Lua 5.4") == true)
        #expect(try Hanjul.run(["--version"]).stdout == version, "the installed binary is this HanJul")

        for id in Self.bundledMods {
            #expect(mods.contains("\n\(id) ") && mods.contains("\(prefix)/share/hanjul/mods/\(id)  sha256 "), "\(id) not listed: \(mods)")
        }
        #expect(!mods.contains("FAILS TO LOAD"), "\(mods)")
        let expected = try Hanjul.run(["run", "--seed", "1", "--actions", "H", "--json"]).stdout
        #expect(run.dropFirst(2) == expected, "the same game as the debug build")

        // What came with it.
        let page = try Shell.run("/usr/bin/man", ["-l", prefix + "/share/man/man6/hanjul.6"],
                                 environment: ["MANWIDTH": "80", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "MANPAGER": "cat"])
        #expect(page.status == 0 && page.stdout.contains("HANJUL(6)"), "\(page.stderr)")
        let bash = """
            source '\(prefix)/share/bash-completion/completions/hanjul'
            COMP_WORDS=('\(prefix)/bin/hanjul' run --mod st); COMP_CWORD=3; _hanjul; printf '%s\\n' "${COMPREPLY[@]}"
            """
        let completed = try Shell.run("/bin/bash", ["-c", bash], environment: ["PATH": "/usr/bin:/bin", "HOME": scratch.path + "/home",
                                                                              "XDG_DATA_DIRS": scratch.path + "/empty"],
                                      directory: scratch.path + "/work")
        #expect(completed.stdout == "standard\n", "the installed completion finds the installed mods: \(completed.stdout) \(completed.stderr)")
        // fish finds the completion (the copy in its own folder; fish does not search a
        // PREFIX it was not built for), with no XDG_DATA_DIRS, as on a Debian console.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") {
            let fish = try Shell.run("/usr/bin/fish", ["-c", "complete -C 'hanjul ru'"],
                                     environment: ["PATH": prefix + "/bin:/usr/bin:/bin", "HOME": scratch.path + "/home"],
                                     directory: scratch.path + "/work")
            #expect(fish.stdout.split(separator: "\n").contains { $0.hasPrefix("run\t") || $0 == "run" },
                    "fish completes 'hanjul ru': \(fish.stdout) \(fish.stderr)")
            #expect(FileManager.default.fileExists(atPath: fishFolder + "/hanjul.fish"))
        }
        // The Slurm recipe, as the man page cites it.
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/doc/hanjul/examples/sweep.sbatch"))
        let manPage = try String(contentsOfFile: prefix + "/share/man/man6/hanjul.6", encoding: .utf8)
        #expect(!manPage.contains("scripts/") && !manPage.contains("docs/"), "no repository paths in the man page")

        // --no-build: the binary just installed, into a second PREFIX; no build, no toolchain asked for.
        // Its fish copy is the first install's file too: counted per PREFIX, it stays while one needs it.
        let second = scratch.path + "/second"
        let copied = try Self.install(["--no-build", prefix + "/bin/hanjul", second], fishFolder: fishFolder)
        #expect(copied.status == 0, "\(copied.stdout)\n\(copied.stderr)")
        #expect(copied.stderr.contains("no build, so no build dependencies") && !copied.stderr.contains("building"), "\(copied.stderr)")
        #expect(FileManager.default.contentsEqual(atPath: prefix + "/bin/hanjul", andPath: second + "/bin/hanjul"))
        #expect(try Shell.run(second + "/bin/hanjul", ["mods"]).stdout.contains(second + "/share/hanjul/mods/standard"))
        let counted = try String(contentsOfFile: fishFolder + "/.hanjul.fish.installs", encoding: .utf8)
        #expect(counted == "\(prefix)\n\(second)\n", "\(counted)")
        let secondRemoved = try Self.install(["--uninstall", second])
        #expect(secondRemoved.status == 0 && secondRemoved.stdout.contains("and the folder itself"), "\(secondRemoved.stdout)")
        #expect(!FileManager.default.fileExists(atPath: second), "the PREFIX the install created is removed")
        #expect(FileManager.default.fileExists(atPath: fishFolder + "/hanjul.fish"), "the first install still uses the fish copy")

        for file in ["share/zsh/site-functions/_hanjul", "share/fish/vendor_completions.d/hanjul.fish",
                     "share/icons/hicolor/scalable/apps/hanjul.svg", "share/doc/hanjul/README.md", "share/doc/hanjul/copyright"] {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file)")
        }
        let desktop = try String(contentsOfFile: prefix + "/share/applications/hanjul.desktop", encoding: .utf8)
        #expect(desktop.hasPrefix("[Desktop Entry]\n") && desktop.contains("\nTerminal=true\n") && desktop.contains("\nExec=hanjul\n"))
        // desktop-file-utils comes with scripts/deps.sh.
        let valid = try Shell.run("/usr/bin/desktop-file-validate", [prefix + "/share/applications/hanjul.desktop"])
        #expect(valid.status == 0 && valid.stdout.isEmpty, "\(valid.stdout)")
        // The AppStream metainfo (appstream comes with scripts/deps.sh), valid and naming this release.
        let metainfo = prefix + "/share/metainfo/org.hanjul.HanJul.metainfo.xml"
        let validated = try Shell.run("/usr/bin/appstreamcli", ["validate", "--no-net", metainfo])
        #expect(validated.status == 0, "\(validated.stdout) \(validated.stderr)")
        let metadata = try String(contentsOfFile: metainfo, encoding: .utf8)
        #expect(metadata.contains("<release version=\"\(HanJulVersion.release)\" date=\"\(HanJulVersion.date)\">"),
                "the metainfo's newest release is this one")
        let license = try String(contentsOfFile: prefix + "/share/doc/hanjul/LICENSE", encoding: .utf8)
        #expect(license.hasPrefix("MIT License\n"))

        // Uninstall leaves nothing of HanJul behind (the PREFIX folder itself was ours).
        let removed = try Self.install(["--uninstall", prefix])
        #expect(removed.status == 0, "\(removed.stderr)")
        let left = FileManager.default.enumerator(atPath: prefix)?.allObjects as? [String] ?? []
        #expect(left.isEmpty, "left behind: \(left)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/fresh"), "PREFIX and its parent, both made by the install, are removed")
        #expect(!FileManager.default.fileExists(atPath: fishFolder + "/hanjul.fish"), "the fish copy outside PREFIX is removed with the last install")
        #expect(!FileManager.default.fileExists(atPath: fishFolder + "/.hanjul.fish.installs"))
    }

    /// DESTDIR stages an install for packaging: everything under DESTDIR/PREFIX, nothing in PREFIX.
    @Test func destdirStages() throws {
        let scratch = try TemporaryFolder()
        let prefix = "/hanjul-destdir-test-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let staged = try Self.install([prefix], destdir: scratch.path + "/stage")
        #expect(staged.status == 0, "\(staged.stderr)")
        #expect(!FileManager.default.fileExists(atPath: prefix), "DESTDIR was ignored")
        #expect(FileManager.default.isExecutableFile(atPath: scratch.path + "/stage" + prefix + "/bin/hanjul"))
        #expect(FileManager.default.fileExists(atPath: scratch.path + "/stage" + prefix + "/share/hanjul/mods/standard/mod.lua"))
        let removed = try Self.install(["--uninstall", prefix], destdir: scratch.path + "/stage")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/stage" + prefix + "/bin/hanjul"))
    }

    /// Bad command lines and a missing install say so, and build nothing.
    @Test func badUsage() throws {
        let scratch = try TemporaryFolder()
        let unknown = try Self.install(["--bogus"])
        #expect(unknown.status == 2 && unknown.stderr == "scripts/install: unknown option --bogus (see scripts/install --help)\n")
        let two = try Self.install([scratch.path + "/a", scratch.path + "/b"])
        #expect(two.status == 2 && two.stderr.contains("give one PREFIX"), "\(two.stderr)")
        let nothing = try Self.install(["--uninstall", scratch.path])
        #expect(nothing.status == 1 && nothing.stderr.contains("no HanJul install in \(scratch.path)"), "\(nothing.stderr)")
        let help = try Self.install(["--help"])
        #expect(help.status == 0 && help.stdout.contains("scripts/install --uninstall [PREFIX]"))
        #expect(help.stdout.contains("scripts/install --no-build BIN [PREFIX]"))
        let missing = try Self.install(["--no-build", scratch.path + "/nothing"])
        #expect(missing.status == 2 && missing.stderr.contains("not an executable file"), "\(missing.stderr)")
        // The debug build loads libswiftCore.so from the toolchain: refused, nothing installed.
        let debug = try Self.install(["--no-build", Hanjul.binary.path, scratch.path + "/debug"])
        #expect(debug.status == 1 && debug.stderr.contains("loads the Swift runtime from the toolchain (")
                && debug.stderr.contains(" libswiftCore.so "), "\(debug.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/debug"))
    }
}
