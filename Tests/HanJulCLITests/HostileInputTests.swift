import Foundation
import HanJulCore
import HanJulFiles
import HanJulCodec
import HanJulReplay
import Synchronization
import Testing

/// What reaches the terminal from crafted files and odd command lines (#15 item 10), and
/// where output files go (#15 item 12). Every special file here is made in a fresh
/// temporary folder: nothing points at a real system file.
@Suite final class HostileInputTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "hanjul-hostile-input-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// Scalars a terminal may act on or that hide how text reads: no output may hold one.
    static func hidden(in text: String) -> [String] {
        text.unicodeScalars.filter { s in
            let v = s.value
            return (v < 0x20 && v != 0x0A) || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
                || (0x2066...0x2069).contains(v) || [0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x2028, 0x2029, 0xFEFF, 0x061C].contains(v)
        }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    static func expectClean(_ result: Hanjul.Result, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(hidden(in: result.stdout).isEmpty && hidden(in: result.stderr).isEmpty,
                "\(label): \(hidden(in: result.stdout + result.stderr)) in \(result.stdout.prefix(300)) \(result.stderr.prefix(300))",
                sourceLocation: sourceLocation)
    }

    // MARK: Item 10: arguments and files are echoed visible

    @Test(arguments: [
        ["\u{1B}]0;pwned\u{07}"],
        ["run", "--\u{1B}[2J"],
        ["run", "--seed", "1\u{1B}[31m", "--actions", "H"],
        ["run", "--pieces", "I\u{9B}31m", "--actions", "H"],
        ["run", "--seed", "1", "--actions", "H\u{202E}"],
        ["replay", "--verify", "no/such\u{1B}[2J.hjr"],
        ["stats", "no/such\u{2028}file.jsonl"],
        ["check", "evil\u{1B}[2J"],
        ["run", "--mod", "evil\u{FEFF}", "--seed", "1", "--actions", "H"],
        ["sim", "--bot", "\u{1B}[6n", "--games", "1", "--seed", "1"],
    ])
    func argumentsAreEchoedVisible(arguments: [String]) throws {
        let result = try Hanjul.run(arguments)
        #expect(result.status != 0)
        Self.expectClean(result, "\(arguments)")
        #expect(result.stderr.contains(#"\e"#) || result.stderr.contains(#"\u{"#), "the control is shown: \(result.stderr)")
    }

    @Test func aStatsFileWithEscapesInItsHeaderPrintsThemVisible() throws {
        let sim = try Hanjul.run(["sim", "--games", "2", "--seed", "1", "--cap", "10", "--jsonl", folder + "/a.jsonl"])
        #expect(sim.status == 0, "\(sim.stderr)")
        let text = try String(contentsOfFile: folder + "/a.jsonl", encoding: .utf8)
        try text.replacingOccurrences(of: "\"rules\":\"standard\"", with: "\"rules\":\"std\\u001b]0;pwned\\u0007\\u202e\"")
            .write(toFile: folder + "/b.jsonl", atomically: true, encoding: .utf8)
        let summary = try Hanjul.run(["stats", folder + "/b.jsonl"])
        #expect(summary.status == 0, "\(summary.stderr)")
        #expect(summary.stdout.contains(#"std\e]0;pwned\u{7}\u{202E}"#), "\(summary.stdout.prefix(200))")
        Self.expectClean(summary, "stats summary")
        let json = try Hanjul.run(["stats", folder + "/b.jsonl", "--json"])
        Self.expectClean(json, "stats --json")
        let mismatch = try Hanjul.run(["stats", folder + "/a.jsonl", folder + "/b.jsonl"])
        #expect(mismatch.status == 2 && mismatch.stderr.contains("merge like with like"), "\(mismatch.stderr)")
        Self.expectClean(mismatch, "stats mismatch")
    }

    @Test func aModsFolderThatIsNoFolderIsNamed() throws {
        try "x".write(toFile: folder + "/file", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/loop1", withDestinationPath: folder + "/loop2")
        try FileManager.default.createSymbolicLink(atPath: folder + "/loop2", withDestinationPath: folder + "/loop1")
        for (name, reason) in [("missing", "no such folder"), ("file", "not a folder"), ("loop1", "a loop of symbolic links")] {
            for command in [["mods"], ["run", "--mod", "zen", "--seed", "1", "--actions", "H"]] {
                let result = try Hanjul.run(command + ["--mods-dir", folder + "/" + name])
                #expect(result.status == 2, "\(command[0]) \(name): \(result.status) \(result.stderr)")
                #expect(result.stderr.hasPrefix("hanjul \(command[0]): --mods-dir '\(folder)/\(name)': \(reason)"), "\(result.stderr)")
                #expect(result.stdout.isEmpty)
            }
        }
    }

    @Test func aStatsFileClaimingImpossibleGamesIsRefusedNotSummarised() throws {
        let sim = try Hanjul.run(["sim", "--games", "3", "--seed", "1", "--cap", "10", "--jsonl", folder + "/a.jsonl"])
        #expect(sim.status == 0, "\(sim.stderr)")
        let lines = try String(contentsOfFile: folder + "/a.jsonl", encoding: .utf8).split(separator: "\n").map(String.init)
        for (field, value, reason) in [("pieces", "9223372036854775807", "pieces 9223372036854775807 is not from 0 to the cap 10"),
                                       ("meanHeight", "1.7e308", "mean height 1.7e+308 is not from 0 to 64"),
                                       ("level", "-5", "level -5 is below 1")] {
            let edited = lines[1].replacingOccurrences(of: #""\#(field)":[^,}]*"#, with: "\"\(field)\":\(value)", options: .regularExpression)
            try ([lines[0], edited] + lines[2...]).joined(separator: "\n").write(toFile: folder + "/c.jsonl", atomically: true, encoding: .utf8)
            let stats = try Hanjul.run(["stats", folder + "/c.jsonl"])
            #expect(stats.status == 2, "\(field): \(stats.status) \(stats.stderr.prefix(300))")
            #expect(stats.stderr.contains("c.jsonl:2: a game line that hanjul sim cannot have written: \(reason)"), "\(stats.stderr)")
        }
        let header = lines[0].replacingOccurrences(of: #""firstSeed":[0-9]+"#, with: "\"firstSeed\":18446744073709551615", options: .regularExpression)
        try ([header] + lines[1...]).joined(separator: "\n").write(toFile: folder + "/d.jsonl", atomically: true, encoding: .utf8)
        let resume = try Hanjul.run(["sim", "--resume", folder + "/d.jsonl"])
        #expect(resume.status == 2 && resume.stderr.contains("a header that hanjul sim cannot have written"), "\(resume.status) \(resume.stderr)")
    }

    // MARK: Item 14: replays are checked against the rules they name

    func save(_ payload: JSON, as name: String) throws -> String {
        let path = folder + "/" + name
        try Data(try RecordFile.encode(payload, kind: ReplayFile.kind, version: 1)).write(to: URL(fileURLWithPath: path))
        return path
    }

    static var standardReplay: JSON {
        var game = Game(rules: StandardRules(), source: .sequence([0]))
        var recorder = ReplayRecorder(rules: .standard, source: .sequence([0]))
        for action in [Action.hardDrop, .hardDrop] {
            game.apply(action)
            recorder.record(action, state: game.state)
        }
        return ReplayFile.payload(recorder.finish(game.state))
    }

    @Test func aReplayDealingKind63IsRefusedWithTheReason() throws {
        let payload = JSON.object(Self.standardReplay.objectValue!.map {
            $0.key == "source" ? .init("source", .object([.init("sequence", .array([.integer(63)]))])) : $0
        })
        let result = try Hanjul.run(["replay", "--verify", try save(payload, as: "kind63.hjr")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("it deals piece kind 63, but the rules 'standard' have 7 kinds (0 to 6: IOTSZJL)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aReplayOfEngineMinus99999999IsMalformed() throws {
        let payload = JSON.object(Self.standardReplay.objectValue!.map { $0.key == "engine" ? .init("engine", .integer(-99_999_999)) : $0 })
        let result = try Hanjul.run(["replay", "--verify", try save(payload, as: "engine.hjr")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("engine version -99999999 is not one"), "\(result.stderr)")
    }

    // MARK: Item 12: output paths

    func runSaving(to path: String) throws -> Hanjul.Result {
        try Hanjul.run(["run", "--seed", "1", "--actions", "HH", "--save-replay", path])
    }

    func type(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    @Test func aSymbolicLinkIsFollowedAndStaysALink() throws {
        let target = folder + "/target.hjr", link = folder + "/link.hjr"
        try "old".write(toFile: target, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.hjr")
        let result = try runSaving(to: link)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(type(link) == S_IFLNK, "the link is still a link")
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("HANJUL replay"), "the target holds the replay")
        let dangling = folder + "/dangling.hjr"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "made.hjr")
        #expect(try runSaving(to: dangling).status == 0)
        #expect(type(dangling) == S_IFLNK && type(folder + "/made.hjr") == S_IFREG, "a dangling link's target is created")
    }

    @Test func aFIFOIsWrittenThroughNotReplaced() throws {
        let fifo = folder + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Nobody reads: an error at once, never a hang, and the FIFO stays.
        let unread = try runSaving(to: fifo)
        #expect(unread.status == 1 && unread.stderr.contains("ENXIO"), "\(unread.status) \(unread.stderr)")
        #expect(type(fifo) == S_IFIFO)
        // With a reader, the replay goes through the FIFO.
        let received = Mutex<Data?>(nil)
        let reader = Thread {
            let handle = FileHandle(forReadingAtPath: fifo)
            received.withLock { $0 = handle?.readDataToEndOfFile() }
        }
        reader.start()
        var result: Hanjul.Result?
        for _ in 0..<50 {
            result = try runSaving(to: fifo)
            if result?.status == 0 { break }
            usleep(20_000)  // the reader is not open yet
        }
        #expect(result?.status == 0, "\(result?.stderr ?? "")")
        for _ in 0..<200 where received.withLock({ $0 }) == nil { usleep(10_000) }
        #expect(String(decoding: received.withLock { $0 } ?? Data(), as: UTF8.self).hasPrefix("HANJUL replay"))
        #expect(type(fifo) == S_IFIFO, "still a FIFO")
    }

    @Test func aCharacterDeviceIsWrittenThroughNotReplaced() throws {
        let device = folder + "/null"
        // The null device (1, 3), made here: the test never touches /dev.
        guard mknod(device, S_IFCHR | 0o600, dev_t((1 << 8) | 3)) == 0 else {  // makedev(1, 3) is a C macro
            Issue.record("mknod failed (errno \(errno)); this test needs root")
            return
        }
        let result = try runSaving(to: device)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(type(device) == S_IFCHR, "still a character device")
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(entries == ["null"], "no temporary file left: \(entries)")
    }

    @Test func aMissingFolderIsNeverCreatedForAnOutputFile() throws {
        let result = try runSaving(to: folder + "/no/such/game.hjr")
        #expect(result.status == 1)
        #expect(result.stderr.contains("the folder \(folder)/no/such does not exist (create it first)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/no"))
        let svg = try Hanjul.run(["compare", "--a", "", "--b", "uniform", "--games", "2", "--seed", "1", "--cap", "5",
                                  "--svg", folder + "/charts/c.svg"])
        #expect(svg.status == 2 && svg.stderr.contains("the folder \(folder)/charts does not exist"), "\(svg.stderr)")
        let jsonl = try Hanjul.run(["sim", "--games", "2", "--seed", "1", "--cap", "5", "--jsonl", folder + "/runs/a.jsonl"])
        #expect(jsonl.status == 2 && jsonl.stderr.contains("the folder \(folder)/runs does not exist"), "\(jsonl.stderr)")
    }

    @Test func aReplaysFolderIsCreatedButNotItsParents() throws {
        let made = try Hanjul.run(["sim", "--games", "2", "--seed", "1", "--cap", "5", "--save-replays", folder + "/replays"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/replays").count == 2)
        let deep = try Hanjul.run(["sim", "--games", "2", "--seed", "1", "--cap", "5", "--save-replays", folder + "/a/b"])
        #expect(deep.status == 2 && deep.stderr.contains("the folder \(folder)/a does not exist"), "\(deep.stderr)")
    }

    @Test func aDashIsStandardOutput() throws {
        let result = try runSaving(to: "-")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("HANJUL replay"), "\(result.stdout.prefix(80))")
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/-"))
    }

    @Test func aFolderIsRefused() throws {
        let result = try runSaving(to: folder)
        #expect(result.status == 1 && result.stderr.contains("it is a directory, not a regular file"), "\(result.stderr)")
    }
}
