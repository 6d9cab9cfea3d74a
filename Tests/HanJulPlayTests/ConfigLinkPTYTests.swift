import Foundation
import PTYSupport
import TestTiers
import Testing

/// #39 item 5 through the real `hanjul` in a pseudo-terminal: keys.conf and settings.conf as
/// stow, chezmoi and home-manager make them (links into a dotfiles folder) no longer stop
/// HanJul starting ("…ELOOP; fix or remove that line"); a link to something that is not the
/// user's regular file is refused with one line naming the file.
@Suite("config files behind symbolic links", .serialized, .enabled(if: GameHarness.isReady, GameHarness.notReady), .needsTerminal)
struct ConfigLinkPTYTests {
    /// `config/hanjul/NAME -> ../../dotfiles/NAME` with `text` in the target.
    static func link(_ name: String, text: String, in home: GameHarness.Home) throws {
        try home.write(text, to: "dotfiles/" + name)
        try FileManager.default.createDirectory(atPath: home.config + "/hanjul", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: home.config + "/hanjul/" + name, withDestinationPath: "../../dotfiles/" + name)
    }

    @Test("linked keys.conf and settings.conf are read: the game starts with the linked keys, and the links stay")
    func linkedFilesAreRead() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        // Hard drop on x only: a drop by x proves the linked keys.conf was read.
        try Self.link("keys.conf", text: "# stowed\nhard_drop = x\n", in: home)
        try Self.link("settings.conf", text: "# stowed\nghost = off\n", in: home)
        let run = try GameHarness.run(home: home, steps: [
            .wait("SCORE"), .settle(), .mark("drop"), .send("x"), .settle(), .capture(as: "dropped", from: "drop"),
            .send("q"), .exit(),
        ])
        expectBaseline(run)
        #expect(run.exit == .exited(0) || run.exit == .exited(1), "\(String(describing: run.exit)) \(run.outputText.suffix(300))")
        #expect(!run.outputText.contains("ELOOP") && !run.outputText.contains("could not load"), "\(run.outputText.suffix(300))")
        #expect(home.savedReplays().first?.actions.contains(.hardDrop) == true, "x dropped the piece: the linked keys.conf was read")
        for name in ["keys.conf", "settings.conf"] {
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: home.config + "/hanjul/" + name) == "../../dotfiles/" + name)
        }
    }

    @Test("a keys.conf linked to a folder is refused with one line naming it, status 2")
    func aLinkToAFolderIsRefused() throws {
        let home = try GameHarness.Home()
        defer { home.remove() }
        try FileManager.default.createDirectory(atPath: home.root + "/dotfiles/keys.conf", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home.config + "/hanjul", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: home.config + "/hanjul/keys.conf", withDestinationPath: home.root + "/dotfiles/keys.conf")
        let run = try GameHarness.run(home: home, steps: [.exit()])
        #expect(run.exit == .exited(2), "\(String(describing: run.exit))")
        let text = run.outputText
        #expect(text.contains("hanjul play: could not load key bindings from \(home.config)/hanjul/keys.conf: it is a symbolic link to "),
                "\(text.debugDescription)")
        #expect(text.contains("which is not a regular file") && text.contains("fix or remove the file"), "\(text.debugDescription)")
        #expect(text.components(separatedBy: "hanjul play:").count == 2, "one line: \(text.debugDescription)")
    }
}
