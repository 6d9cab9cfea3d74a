import HanJulCommandLine
import Testing

/// How a usage error echoes what the user typed (#15 item 10): made visible, and cut short.
@Suite struct CommandLineTextTests {
    @Test func controlsAreShownNotSent() {
        #expect(CommandLineText.quoted("1\u{1B}[31m") == "'1\\e[31m'")
    }

    @Test func aHugeArgumentIsCutInItsEcho() {
        let shown = CommandLineText.shown(String(repeating: "9", count: 100_000))
        #expect(shown == String(repeating: "9", count: 1024) + "…")
        let path = "/home/someone/" + String(repeating: "folder/", count: 100) + "file.hjr"
        #expect(CommandLineText.shown(path) == path, "a long path (\(path.count) characters) is shown whole")
    }
}
