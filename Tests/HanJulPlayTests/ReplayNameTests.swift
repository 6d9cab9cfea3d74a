import Foundation
import Glibc
import HanJulCore
import HanJulFiles
@testable import HanJulPlay
@testable import HanJulPlayerFiles
import HanJulReplay
import HanJulRender
import HanJulTerminal
import PTYSupport
import TestTiers
import Testing

/// Replays whose names differ only in bytes that are not UTF-8 (RELIABILITY H-5):
/// `a\xFF.hjr` beside `a\u{FFFD}.hjr` (`a\xEF\xBF\xBD.hjr`, what a lossy decoding makes of
/// the first). Each is listed under its own name, and watching, verifying and deleting act
/// on the file listed, never on the other.
enum OddReplays {
    static let suffix = Array(".hjr".utf8)
    /// `a\xFF.hjr`: not UTF-8.
    static let odd = PathBytes(bytes: [0x61, 0xFF] + suffix)
    /// `a\xEF\xBF\xBD.hjr`: `a\u{FFFD}.hjr`, valid UTF-8.
    static let valid = PathBytes(bytes: [0x61, 0xEF, 0xBF, 0xBD] + suffix)

    /// A standard game of `drops` hard drops from seed 3, recorded: it verifies, and its
    /// action count tells which file was read.
    static func replay(drops: Int) -> [UInt8] {
        var game = Game(rules: StandardRules(), source: .seeded(3))
        var recorder = ReplayRecorder(rules: .standard, source: .seeded(3))
        for _ in 0..<drops {
            game.apply(.hardDrop)
            recorder.record(.hardDrop, after: 100, state: game.state)
        }
        return ReplayFile.encode(recorder.finish(game.state))
    }

    /// `replays/` holding `a\xFF.hjr` (3 actions) and `a\u{FFFD}.hjr` (7), created with
    /// `open` on the raw bytes.
    static func fill(_ replays: String) throws {
        try FileManager.default.createDirectory(atPath: replays, withIntermediateDirectories: true)
        for (name, drops) in [(odd, 3), (valid, 7)] {
            let bytes = replay(drops: drops)
            let fd = PathBytes(replays).appending(name).withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
            try #require(fd >= 0)
            #expect(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count)
            close(fd)
        }
    }

    /// Which of the two are still in `replays`.
    static func present(_ replays: String) -> [PathBytes] {
        [odd, valid].filter { (try? PathBytes(replays).appending($0).linkStatus()) != nil }
    }

    /// Removes them (FileManager cannot name the first), then the folder.
    static func clean(_ root: String, replays: String) {
        for name in [odd, valid] { try? PathBytes(replays).appending(name).remove() }
        try? FileManager.default.removeItem(atPath: root)
    }

    /// A data folder in a fresh temporary folder.
    static func dataFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-names-\(UUID().uuidString)").path
    }
}

@Suite("replay file names are bytes")
struct ReplayNameTests {
    static let down = Key.arrow(.down, [])

    @Test("the Replays listing shows a\\xFF.hjr and a\\u{FFFD}.hjr as two names, each listing read from its own file")
    func listing() throws {
        let data = OddReplays.dataFolder()
        defer { OddReplays.clean(data, replays: data + "/replays") }
        try OddReplays.fill(data + "/replays")
        let listed = FileStore(dataDirectory: data).replays()
        #expect(listed.map(\.name) == [#"a\xFF.hjr"#, "a\u{FFFD}.hjr"], "newest first is the bytes in descending order")
        #expect(listed.map(\.path) == [OddReplays.odd, OddReplays.valid].map(PathBytes(data + "/replays").appending))
        #expect(listed.map(\.actions) == [3, 7])
        #expect(listed.allSatisfy { $0.problem == nil })
    }

    /// A launcher that watches and verifies by reading the path it is handed, as the
    /// command line's does (`ReplayFile.read`).
    final class Reader {
        var read: [PathBytes] = []

        func launcher() -> Launcher {
            Launcher(
                mods: { [] },
                game: { _, _, _, _, _ in .failure(RulesFailure("no games in this test")) },
                replay: { path, _, _, _, _ in
                    self.read.append(path)
                    let actions = (try? ReplayFile.read(path))?.actions.count ?? -1
                    return .failure(RulesFailure("watched \(path.name.shown): \(actions) actions"))
                },
                verify: { path in
                    self.read.append(path)
                    return "match: \((try? ReplayFile.read(path))?.actions.count ?? -1) actions"
                },
                saveSettings: { _ in nil })
        }
    }

    static func menu(_ reader: Reader, data: String, style: RenderStyle = .monochrome) -> ManualClock {
        let environment = PlayEnvironment(store: FileStore(dataDirectory: data), newSeed: { 99 },
                                          date: { ("20250301-142233", "2025-03-01 14:22") })
        let session = PlaySession.menu(launcher: reader.launcher(), config: PlayConfig(style: style, colorMode: .none),
                                       settings: .defaults, size: Size(width: 80, height: 24), environment: environment)
        var clock = ManualClock(session: session, store: MemoryStore())
        for t in 1...5 { clock.press(Self.down, at: t * 8) }
        clock.press(.enter, at: 50)
        return clock
    }

    @Test("on the Replays page, Enter and v on each entry read that entry's file; d d on the first deletes it and leaves the other")
    func menuActsOnTheFileListed() throws {
        let data = OddReplays.dataFolder()
        let replays = data + "/replays"
        defer { OddReplays.clean(data, replays: replays) }
        try OddReplays.fill(replays)
        let reader = Reader()
        var clock = Self.menu(reader, data: data)
        #expect(clock.screen.contains(#"a\xFF.hjr  standard, 3 actions"#), "\(clock.screen)")
        #expect(clock.screen.contains("a\u{FFFD}.hjr  standard, 7 actions"), "\(clock.screen)")
        clock.press(.character("v"), at: 60)
        #expect(clock.screen.contains("match: 3 actions"))
        clock.press(.enter, at: 70)
        #expect(clock.screen.contains(#"watched a\xFF.hjr: 3 actions"#))
        clock.press(Self.down, at: 80)
        clock.press(.character("v"), at: 90)
        #expect(clock.screen.contains("match: 7 actions"))
        clock.press(.enter, at: 100)
        #expect(clock.screen.contains("watched a\u{FFFD}.hjr: 7 actions"))
        let folder = PathBytes(replays)
        #expect(reader.read == [OddReplays.odd, OddReplays.odd, OddReplays.valid, OddReplays.valid].map(folder.appending))

        clock.press(.arrow(.up, []), at: 110)
        clock.press(.character("d"), at: 120)
        #expect(clock.screen.contains(#"press d again to delete a\xFF.hjr"#))
        clock.press(.character("d"), at: 130)
        #expect(clock.screen.contains(#"deleted a\xFF.hjr"#))
        #expect(OddReplays.present(replays) == [OddReplays.valid], "the file listed is gone, the other kept")
        #expect(!clock.screen.contains(#"a\xFF.hjr  standard"#) && clock.screen.contains("a\u{FFFD}.hjr  standard, 7 actions"))
        clock.press(.character("d"), at: 140)
        clock.press(.character("d"), at: 150)
        #expect(OddReplays.present(replays).isEmpty, "and then that one, now first")
    }

    @Test("with --ascii the two names stay distinct: every other character escaped")
    func asciiNames() throws {
        let data = OddReplays.dataFolder()
        defer { OddReplays.clean(data, replays: data + "/replays") }
        try OddReplays.fill(data + "/replays")
        let clock = Self.menu(Reader(), data: data, style: .ascii)
        #expect(clock.screen.contains(#"a\xFF.hjr  standard, 3 actions"#), "\(clock.screen)")
        #expect(clock.screen.contains(#"a\u{FFFD}.hjr  standard, 7 actions"#), "\(clock.screen)")
    }

    @Test("the store deletes only a file of its replays folder, by the bytes listed")
    func storeDeletesByBytes() throws {
        let data = OddReplays.dataFolder()
        let replays = data + "/replays"
        defer { OddReplays.clean(data, replays: replays) }
        try OddReplays.fill(replays)
        let store = FileStore(dataDirectory: data)
        #expect(store.deleteReplay(path: PathBytes(data + "/scores.hjr")) == "not a replay of the data folder")
        #expect(store.deleteReplay(path: PathBytes(replays).appending(OddReplays.odd)) == nil)
        #expect(OddReplays.present(replays) == [OddReplays.valid])
        #expect(store.deleteReplay(path: PathBytes(replays).appending(OddReplays.odd))
            == #"could not delete "# + replays + #"/a\xFF.hjr: No such file or directory"#)
        #expect(OddReplays.present(replays) == [OddReplays.valid])
    }

    @Test("housekeeping never removes a file by a name other than its own: a\\xFF.hjr is left, a\\u{FFFD}.hjr goes as any old replay")
    func housekeeping() throws {
        let data = OddReplays.dataFolder()
        let replays = data + "/replays"
        defer { OddReplays.clean(data, replays: replays) }
        try OddReplays.fill(replays)
        let listing = ReplayHousekeeping.listing(dataDirectory: data, kept: 0)
        #expect(listing.kept.isEmpty && listing.removable.map(\.name) == ["a\u{FFFD}.hjr"])
        #expect(ReplayHousekeeping.tidy(dataDirectory: data, kept: 0) == .init(removed: ["a\u{FFFD}.hjr"], message: nil))
        #expect(OddReplays.present(replays) == [OddReplays.odd])
        #expect(ReplayHousekeeping.tidy(dataDirectory: data, kept: 0) == .init(removed: [], message: nil))
        #expect(OddReplays.present(replays) == [OddReplays.odd], "a name that is not UTF-8 is none HanJul saved: never removed")
    }
}

/// The same through the real `hanjul` in a pseudo-terminal: the command line's launcher
/// (watch and verify under the recorded rules) and the data folder's store.
@Suite("replay file names are bytes, in a pseudo-terminal", .serialized, .enabled(if: GameHarness.isReady, GameHarness.notReady), .needsTerminal)
struct ReplayNamePTYTests {
    @Test("v verifies each of a\\xFF.hjr and a\\u{FFFD}.hjr from its own bytes; d d deletes the first and only it")
    func verifyAndDelete() throws {
        let home = try GameHarness.Home()
        defer { OddReplays.clean(home.root, replays: home.replays) }
        try OddReplays.fill(home.replays)
        let down = "\u{1B}[B"
        let run = try GameHarness.run([], home: home, steps: [
            .wait("Quit", from: "start"), .settle(),
            .send(down + down + down + down + down + "\r"), .wait("Replays (newest first)", from: "start"), .settle(),
            // Only what changed is redrawn, so a second verdict is waited for by quiet, not by text.
            .mark("first"), .send("v"), .wait("match:", from: "first"), .settle(), .capture(as: "first", from: "start"),
            .send("j"), .settle(), .send("v"), .settle(quiet: 0.3, limit: 5), .capture(as: "second", from: "start"),
            .send("k"), .settle(), .send("d"), .settle(), .send("d"), .settle(quiet: 0.3, limit: 5),
            .capture(as: "deleted", from: "start"),
            .send("q"), .settle(), .send("q"), .exit(),
        ])
        #expect(run.exit == .exited(0), "status \(run.status)")
        let first = PTYRun.screen(of: run.captured("first"))
        #expect(first.contains(#"a\xFF.hjr  standard, 3 actions"#) && first.contains("a\u{FFFD}.hjr  standard, 7 actions"), "\(first)")
        #expect(first.contains("match: 3 actions"), "\(first)")
        #expect(PTYRun.screen(of: run.captured("second")).contains("match: 7 actions"))
        let deleted = PTYRun.screen(of: run.captured("deleted"))
        #expect(deleted.contains(#"deleted a\xFF.hjr"#), "\(deleted)")
        #expect(OddReplays.present(home.replays) == [OddReplays.valid])
    }
}
