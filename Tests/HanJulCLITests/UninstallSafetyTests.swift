import Foundation
import Testing

/// `scripts/install --uninstall` removes only what an install put there (RELIABILITY D-12):
/// each entry of the manifest is checked on the real paths, so a symbolic link inside PREFIX
/// never leads rm or rmdir outside it. The installs here are made by hand (files and a
/// manifest as the script writes it: "SHA-256  path" per file, the manifest itself, then the
/// folders the install created), so no release build is needed; uninstall builds nothing.
/// Beside each PREFIX sits a canary folder, the user's files, which must come through whole.
@Suite struct UninstallSafetyTests {
    static let script = InstallTests.repository + "/scripts/install"

    /// A temporary folder holding `prefix/` (the fake install) and `canary/` (the user's
    /// files: a thesis, a file named like the manifest, an empty folder). Reach every path
    /// through it, so the folder lives until the test's last look.
    final class Scratch {
        let folder: TemporaryFolder
        var path: String { folder.path }
        var prefix: String { folder.path + "/prefix" }
        var canary: String { folder.path + "/canary" }
        init() throws {
            folder = try TemporaryFolder()
            try UninstallSafetyTests.write(folder.path + "/canary/thesis.txt", "my thesis\n")
            try UninstallSafetyTests.write(folder.path + "/canary/install-manifest", "not HanJul's\n")
            try FileManager.default.createDirectory(atPath: folder.path + "/canary/empty", withIntermediateDirectories: true)
        }
    }

    static let canaryTree = ["empty", "install-manifest", "thesis.txt"]

    /// What an install puts there (a few of each kind), and the folders it created.
    static let files = [("bin/hanjul", "the program\n"), ("share/hanjul/mods/standard/mod.lua", "return {}\n"),
                        ("share/man/man6/hanjul.6", ".TH HANJUL 6\n"), ("share/doc/hanjul/README.md", "# HanJul\n")]
    static let folders = ["bin/", "share/hanjul/mods/standard/", "share/hanjul/mods/", "share/hanjul/", "share/man/man6/",
                          "share/man/", "share/doc/hanjul/", "share/doc/", "share/"]

    /// Writes `contents` to `path`, creating its folders.
    static func write(_ path: String, _ contents: String) throws {
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                                                withIntermediateDirectories: true)
        try contents.write(toFile: path, atomically: false, encoding: .utf8)
    }

    static func sha256(_ contents: String) throws -> String {
        let result = try Shell.run("/usr/bin/sha256sum", [], stdin: contents)
        #expect(result.status == 0, "\(result.stderr)")
        return String(result.stdout.prefix(64))
    }

    /// Puts `files` under `prefix` and writes the manifest as scripts/install does: each file
    /// with its SHA-256 (`hashed`; an older install wrote the path alone), then `extra` lines
    /// as they are, the manifest itself, and `folders`.
    static func fakeInstall(_ prefix: String, files: [(String, String)] = UninstallSafetyTests.files,
                            folders: [String] = UninstallSafetyTests.folders,
                            extra: [String] = [], hashed: Bool = true) throws {
        var lines: [String] = []
        for (path, contents) in files {
            try write(prefix + "/" + path, contents)
            let sum = try sha256(contents)
            lines.append(hashed ? sum + "  " + path : path)
        }
        lines += extra + ["share/hanjul/install-manifest"] + folders
        try write(prefix + "/share/hanjul/install-manifest", lines.joined(separator: "\n") + "\n")
    }

    static func uninstall(_ prefix: String, destdir: String? = nil, in directory: String) throws -> Hanjul.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["DESTDIR"] = destdir
        return try Shell.run("/bin/bash", [script, "--uninstall", prefix], environment: environment, directory: directory)
    }

    /// Every path below `folder`, relative and sorted; symbolic links are listed, not followed.
    static func tree(_ folder: String) throws -> [String] {
        let found = try Shell.run("/usr/bin/find", [folder, "-mindepth", "1"])
        #expect(found.status == 0, "\(found.stderr)")
        return found.stdout.split(separator: "\n").map { String($0.dropFirst(folder.count + 1)) }.sorted()
    }

    static func link(_ path: String, to destination: String) throws {
        try FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                                                withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: destination)
    }

    static func canaryIsWhole(_ scratch: Scratch, also: [String] = []) throws {
        #expect(try tree(scratch.canary) == (canaryTree + also).sorted())
        #expect(try String(contentsOfFile: scratch.canary + "/thesis.txt", encoding: .utf8) == "my thesis\n")
    }

    /// share/link -> the canary: the entries share/link/thesis.txt (an older manifest's bare
    /// path) and share/link/notes.txt (with that file's real SHA-256) delete nothing of the user's.
    @Test func symlinkedFolderKeepsTheFileItPointsAt() throws {
        let scratch = try Scratch()
        try Self.write(scratch.canary + "/notes.txt", "my notes\n")
        let notes = try Self.sha256("my notes\n")
        try Self.fakeInstall(scratch.prefix, files: [("bin/hanjul", "the program\n")], folders: ["bin/", "share/hanjul/"],
                             extra: ["share/link/thesis.txt", notes + "  share/link/notes.txt"])
        try Self.link(scratch.prefix + "/share/link", to: scratch.canary)

        let result = try Self.uninstall(scratch.prefix, in: scratch.path)
        #expect(result.status == 0, "\(result.stderr)")
        try Self.canaryIsWhole(scratch, also: ["notes.txt"])
        #expect(result.stderr == """
            scripts/install: kept share/link/thesis.txt: share/link is a symbolic link (to \(scratch.canary)); not removing anything outside PREFIX
            scripts/install: kept share/link/notes.txt: share/link is a symbolic link (to \(scratch.canary)); not removing anything outside PREFIX

            """)
        // What the install put there is gone; the link, which it did not list, stays.
        #expect(try Self.tree(scratch.prefix) == ["share", "share/link"])
    }

    /// Folder entries through the link (share/link/empty/) and a folder entry that is itself a
    /// link to an empty folder outside (share/direct/): rmdir leaves the user's folders alone.
    @Test func symlinkedFolderEntryKeepsAnEmptyFolderOutside() throws {
        let scratch = try Scratch()
        try Self.fakeInstall(scratch.prefix, files: [("bin/hanjul", "the program\n")],
                             folders: ["share/link/empty/", "share/direct/", "bin/", "share/hanjul/"])
        try Self.link(scratch.prefix + "/share/link", to: scratch.canary)
        try Self.link(scratch.prefix + "/share/direct", to: scratch.canary + "/empty")

        let result = try Self.uninstall(scratch.prefix, in: scratch.path)
        #expect(result.status == 0, "\(result.stderr)")
        try Self.canaryIsWhole(scratch)
        #expect(result.stderr.contains("scripts/install: kept share/link/empty/: share/link is a symbolic link (to \(scratch.canary)); not removing anything outside PREFIX\n"),
                "\(result.stderr)")
        #expect(result.stderr.contains("scripts/install: kept share/direct/: it is a symbolic link (to \(scratch.canary)/empty); not removing anything outside PREFIX\n"),
                "\(result.stderr)")
        #expect(try Self.tree(scratch.prefix) == ["share", "share/direct", "share/link"])
    }

    /// share/hanjul -> the canary, which holds a file named install-manifest: it is neither
    /// read (its lines would delete the user's files) nor removed, and nothing else is either.
    /// The same when the manifest itself is a link to a list outside.
    @Test func manifestBehindASymlinkIsNotReadOrRemoved() throws {
        let scratch = try Scratch()
        let list = "bin/hanjul\nshare/hanjul/thesis.txt\nshare/hanjul/empty/\nshare/hanjul/install-manifest\n"
        try Self.write(scratch.canary + "/install-manifest", list)
        try Self.write(scratch.prefix + "/bin/hanjul", "the program\n")
        try Self.link(scratch.prefix + "/share/hanjul", to: scratch.canary)

        let result = try Self.uninstall(scratch.prefix, in: scratch.path)
        #expect(result.status == 1)
        #expect(result.stderr == "scripts/install: kept share/hanjul/install-manifest: share/hanjul is a symbolic link (to \(scratch.canary)); "
                + "not reading a list from outside PREFIX, so nothing was removed\n")
        try Self.canaryIsWhole(scratch)
        #expect(try String(contentsOfFile: scratch.canary + "/install-manifest", encoding: .utf8) == list)
        #expect(try Self.tree(scratch.prefix) == ["bin", "bin/hanjul", "share", "share/hanjul"])

        let other = scratch.path + "/other"
        try Self.write(other + "/bin/hanjul", "the program\n")
        try Self.link(other + "/share/hanjul/install-manifest", to: scratch.canary + "/install-manifest")
        let linked = try Self.uninstall(other, in: scratch.path)
        #expect(linked.status == 1)
        #expect(linked.stderr == "scripts/install: kept share/hanjul/install-manifest: it is a symbolic link (to \(scratch.canary)/install-manifest); "
                + "not reading a list from outside PREFIX, so nothing was removed\n")
        #expect(try Self.tree(other) == ["bin", "bin/hanjul", "share", "share/hanjul", "share/hanjul/install-manifest"])
        try Self.canaryIsWhole(scratch)
    }

    /// PREFIX itself may be a symbolic link (/usr/local -> /opt/local): the check compares
    /// against its real path, so the whole install still goes.
    @Test func prefixThatIsASymlinkIsUninstalledFully() throws {
        let scratch = try Scratch()
        try Self.fakeInstall(scratch.path + "/opt/local")
        try Self.link(scratch.path + "/usr/local", to: scratch.path + "/opt/local")

        let result = try Self.uninstall(scratch.path + "/usr/local", in: scratch.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout == "HanJul removed from \(scratch.path)/usr/local\n")
        #expect(try Self.tree(scratch.path + "/opt/local").isEmpty)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.path + "/usr/local") == scratch.path + "/opt/local")
        try Self.canaryIsWhole(scratch)
    }

    /// A relative PREFIX is the folder the script is run in, not the checkout.
    @Test func relativePrefixIsTheWorkingFolder() throws {
        let scratch = try Scratch()
        try Self.fakeInstall(scratch.path + "/work/rel/prefix")

        let result = try Self.uninstall("rel/prefix", in: scratch.path + "/work")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("HanJul removed from /") && result.stdout.hasSuffix("/work/rel/prefix\n"), "\(result.stdout)")
        #expect(try Self.tree(scratch.path + "/work") == ["rel", "rel/prefix"])
        #expect(!FileManager.default.fileExists(atPath: InstallTests.repository + "/rel"))
    }

    /// An ordinary install, with today's manifest and an older one: every file it lists goes,
    /// and so does every folder it created, once empty; a file of another program in one of
    /// those folders stays, and so does its folder.
    @Test func plainInstallIsRemovedAndForeignFilesStay() throws {
        for hashed in [true, false] {
            let scratch = try Scratch()
            try Self.fakeInstall(scratch.prefix, hashed: hashed)
            try Self.write(scratch.prefix + "/share/doc/other-tool.txt", "not HanJul's\n")

            let result = try Self.uninstall(scratch.prefix, in: scratch.path)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.isEmpty, "\(result.stderr)")
            #expect(result.stdout == "HanJul removed from \(scratch.prefix)\n")
            #expect(try Self.tree(scratch.prefix) == ["share", "share/doc", "share/doc/other-tool.txt"], "hashed: \(hashed)")
            try Self.canaryIsWhole(scratch)
        }
    }

    /// A file changed since it was installed, a folder where the list has a file, and paths
    /// that are not plain paths inside PREFIX are kept, each named in a warning; the
    /// uninstall still finishes (exit 0) and removes the rest.
    @Test func changedFilesAndOddEntriesAreKept() throws {
        let scratch = try Scratch()
        try Self.fakeInstall(scratch.prefix, extra: ["share/hanjul/notes", "../canary/thesis.txt", scratch.canary + "/thesis.txt"])
        try Self.write(scratch.prefix + "/share/doc/hanjul/README.md", "# HanJul, with my notes\n")
        try Self.write(scratch.prefix + "/share/hanjul/notes/mine.txt", "mine\n")

        let result = try Self.uninstall(scratch.prefix, in: scratch.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == """
            scripts/install: kept share/doc/hanjul/README.md: changed since it was installed
            scripts/install: kept share/hanjul/notes: it is a folder, not a file
            scripts/install: kept ../canary/thesis.txt: not a plain path inside PREFIX
            scripts/install: kept \(scratch.canary)/thesis.txt: not a plain path inside PREFIX

            """)
        #expect(try Self.tree(scratch.prefix) == ["share", "share/doc", "share/doc/hanjul", "share/doc/hanjul/README.md",
                                                 "share/hanjul", "share/hanjul/notes", "share/hanjul/notes/mine.txt"])
        try Self.canaryIsWhole(scratch)
    }

    /// DESTDIR (a staged install for packaging) gets the same checks under DESTDIR/PREFIX.
    @Test func destdirStagingIsCheckedTheSame() throws {
        let scratch = try Scratch()
        // A PREFIX that exists nowhere, as in InstallTests: only DESTDIR/PREFIX is touched.
        let prefix = "/hanjul-uninstall-test-\(UUID().uuidString)/usr"
        try Self.fakeInstall(scratch.path + "/stage" + prefix, extra: ["share/link/thesis.txt", "share/link/empty/"])
        try Self.link(scratch.path + "/stage" + prefix + "/share/link", to: scratch.canary)

        let result = try Self.uninstall(prefix, destdir: scratch.path + "/stage/", in: scratch.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "HanJul removed from \(scratch.path)/stage\(prefix)\n")
        #expect(result.stderr.contains("scripts/install: kept share/link/thesis.txt: share/link is a symbolic link (to \(scratch.canary)); not removing anything outside PREFIX\n"),
                "\(result.stderr)")
        try Self.canaryIsWhole(scratch)
        #expect(try Self.tree(scratch.path + "/stage" + prefix) == ["share", "share/link"])
        #expect(!FileManager.default.fileExists(atPath: prefix))
    }

    /// The copy of the fish completion outside PREFIX (`fish:DIR/fish/completions/hanjul.fish`,
    /// for a PREFIX fish does not search) is removed with the same care: only a file named so,
    /// in a folder reached by no symbolic link, with its SHA-256; a `fish:` entry naming the
    /// user's file (the canary, with its real SHA-256) or a linked folder removes nothing.
    @Test func fishCopyOutsidePrefixIsRemovedWithCare() throws {
        let scratch = try Scratch()
        let fish = scratch.path + "/etc/fish/completions"
        try Self.write(fish + "/hanjul.fish", "complete -c hanjul\n")
        try Self.write(scratch.canary + "/fish/completions/hanjul.fish", "the user's own\n")
        try Self.link(scratch.path + "/linked/fish", to: scratch.canary + "/fish")
        let ours = try Self.sha256("complete -c hanjul\n"), theirs = try Self.sha256("the user's own\n")
        let thesis = try Self.sha256("my thesis\n")
        try Self.fakeInstall(scratch.prefix, extra: [
            ours + "  fish:" + fish + "/hanjul.fish",
            thesis + "  fish:" + scratch.canary + "/thesis.txt",
            theirs + "  fish:" + scratch.path + "/linked/fish/completions/hanjul.fish",
            theirs + "  fish:" + scratch.path + "/etc/../canary/fish/completions/hanjul.fish",
        ])
        let result = try Self.uninstall(scratch.prefix, in: scratch.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: fish + "/hanjul.fish"), "the install's own copy is removed")
        #expect(try String(contentsOfFile: scratch.canary + "/fish/completions/hanjul.fish", encoding: .utf8) == "the user's own\n")
        try Self.canaryIsWhole(scratch, also: ["fish", "fish/completions", "fish/completions/hanjul.fish"])
        #expect(result.stderr.contains("not a fish completion of HanJul"), "\(result.stderr)")
        #expect(result.stderr.contains("leads to \(scratch.canary)/fish/completions"), "\(result.stderr)")
        #expect(result.stderr.contains("not a plain path"), "\(result.stderr)")
        #expect(try Self.tree(scratch.prefix).isEmpty)
    }
}
