import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Fresh folders for one case: `home` (with canary files), `work` (the working folder),
/// `tmp` (TMPDIR) and `mods` (the case as `hostile`, plus `benign`).
struct Sandbox {
    let root: String
    var home: String { root + "/home" }
    var work: String { root + "/work" }
    var tmp: String { root + "/tmp" }
    var mods: String { root + "/mods" }
    let corpus: CorpusCase

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
        var seconds: Double
    }

    init(_ corpus: CorpusCase) throws {
        self.corpus = corpus
        root = NSTemporaryDirectory() + "hanjul-hostile-\(corpus.name)-\(UUID().uuidString.prefix(8))"
        let fm = FileManager.default
        // .local/state/hanjul ($XDG_STATE_HOME/hanjul) holds the quarantine list of hung cases.
        for folder in [home + "/.local/share/hanjul", home + "/.local/state/hanjul", home + "/.config/hanjul", work, tmp, mods + "/benign", root + "/out"] {
            try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        try "export PS1='$ '\n".write(toFile: home + "/.bashrc", atomically: false, encoding: .utf8)
        try "HANJUL scores 1\n(not really)\n".write(toFile: home + "/.local/share/hanjul/canary", atomically: false, encoding: .utf8)
        try "keys\n".write(toFile: home + "/.config/hanjul/canary", atomically: false, encoding: .utf8)
        try "do not delete\n".write(toFile: work + "/canary.txt", atomically: false, encoding: .utf8)
        try benignSource.write(toFile: mods + "/benign/mod.lua", atomically: false, encoding: .utf8)
        var hostile = mods + "/hostile"
        if corpus.setup.contains(where: { $0.first == "folder-symlink" }) {
            try fm.createDirectory(atPath: root + "/elsewhere", withIntermediateDirectories: true)
            hostile = root + "/elsewhere/hostile"
            try fm.copyItem(atPath: corpus.folder, toPath: hostile)
            try fm.createSymbolicLink(atPath: mods + "/hostile", withDestinationPath: hostile)
        } else {
            try fm.copyItem(atPath: corpus.folder, toPath: hostile)
        }
        for step in corpus.setup {
            let args = Array(step.dropFirst())
            switch step.first {
            case "symlink": try fm.createSymbolicLink(atPath: hostile + "/" + args[0], withDestinationPath: args[1])
            case "fifo": guard mkfifo(hostile + "/" + args[0], 0o600) == 0 else { throw POSIXError(.EIO) }
            case "big":
                let bytes = Int(args[1]) ?? (2 << 20)
                try Data(repeating: UInt8(ascii: "-"), count: bytes).write(to: URL(fileURLWithPath: hostile + "/" + args[0]))
            case "escname": try "return 1\n".write(toFile: hostile + "/evil\u{1B}[2J\u{1B}]0;owned\u{07}.lua", atomically: false, encoding: .utf8)
            case "escmod":
                // A second mod folder next to the case, named with escapes and a bidi override.
                let folder = mods + "/evil\u{1B}[2J\u{202E}\u{1B}]0;owned\u{07}"
                try fm.createDirectory(atPath: folder, withIntermediateDirectories: false)
                try "return 1\n".write(toFile: folder + "/mod.lua", atomically: false, encoding: .utf8)
            case "many":
                for i in 0..<(Int(args[0]) ?? 300) {
                    try "return \(i)\n".write(toFile: hostile + "/f\(i).lua", atomically: false, encoding: .utf8)
                }
            case "dir": try fm.createDirectory(atPath: hostile + "/" + args[0], withIntermediateDirectories: true)
            case "dirs":
                // A tree of empty folders, `width` per folder, `depth` levels deep.
                let width = Int(args[0]) ?? 8, depth = Int(args[1]) ?? 2
                func grow(_ folder: String, _ level: Int) throws {
                    guard level < depth else { return }
                    for i in 0..<width {
                        try fm.createDirectory(atPath: folder + "/d\(i)", withIntermediateDirectories: false)
                        try grow(folder + "/d\(i)", level + 1)
                    }
                }
                try grow(hostile, 0)
            case "file": try args[1].write(toFile: hostile + "/" + args[0], atomically: false, encoding: .utf8)
            case "bytecode-main":
                var bytes: [UInt8] = [0x1B, 0x4C, 0x75, 0x61, 0x54, 0x00, 0x19, 0x93, 0x0D, 0x0A, 0x1A, 0x0A, 0x04, 0x08, 0x08]
                bytes += (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
                try Data(bytes).write(to: URL(fileURLWithPath: hostile + "/mod.lua"))
            case "folder-symlink": break
            default: fatalError("\(corpus.name): unknown setup step \(step)")
            }
        }
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }

    /// Every entry under the four folders: type, mode, size and a content hash (FIFOs are
    /// never opened; symbolic links are described, not followed).
    func snapshot() throws -> [String: String] {
        var result: [String: String] = [:]
        func walk(_ path: String) {
            var info = stat()
            guard lstat(path, &info) == 0 else { result[path] = "unreadable"; return }
            let mode = String(info.st_mode & 0o7777, radix: 8)
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                result[path] = "dir \(mode)"
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                for name in names.sorted() { walk(path + "/" + name) }
            case S_IFREG:
                let data = FileManager.default.contents(atPath: path) ?? Data()
                var hash: UInt64 = 0xcbf29ce484222325
                for byte in data { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
                result[path] = "file \(mode) \(data.count) \(String(hash, radix: 16))"
            case S_IFLNK:
                result[path] = "link -> \((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?")"
            case S_IFIFO: result[path] = "fifo \(mode)"
            default: result[path] = "other \(mode)"
            }
        }
        for folder in [home, work, tmp, mods, root + "/elsewhere"] where FileManager.default.fileExists(atPath: folder) {
            walk(folder)
        }
        return result
    }

    /// Runs the real binary with the sandbox's environment and working folder; kills it
    /// after 30 s (a hang is a failure, not a stuck test run).
    func run(_ arguments: [String], includeModsDir: Bool = true) throws -> Run {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments + (includeModsDir ? ["--mods-dir", mods] : [])
        var environment = [
            "PATH": "/usr/bin:/bin", "HOME": home, "XDG_DATA_HOME": home + "/.local/share",
            "XDG_CONFIG_HOME": home + "/.config", "XDG_CACHE_HOME": home + "/.cache", "XDG_STATE_HOME": home + "/.local/state",
            "TMPDIR": tmp, "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no", "TERM": "xterm-256color",
        ]
        environment.merge(corpus.environment) { _, new in new }
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: work)
        let id = UUID().uuidString.prefix(8)
        let outPath = root + "/out/\(id).out", errPath = root + "/out/\(id).err"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let start = Date()
        try process.run()
        let deadline = start.addingTimeInterval(30)
        while process.isRunning {
            if Date() > deadline {
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(start)
        try out.close()
        try err.close()
        let stdout = String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self)
        let stderr = String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self)
        return Run(status: process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus,
                   stdout: stdout, stderr: stderr, seconds: seconds)
    }

    /// The `hanjul` binary `swift test` built next to the test bundle.
    static let binary: URL = {
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = runner.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("hanjul")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        fatalError("hanjul binary not found near \(runner.path); run the tests with `swift test`")
    }()
}
