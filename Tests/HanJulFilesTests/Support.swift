import Foundation
import Glibc
import HanJulFiles

/// A fresh folder in the temporary folder (`TMPDIR`, else /tmp), removed when the value is released.
final class TemporaryFolder: @unchecked Sendable {
    let path: String

    init() {
        var template = Array((NSTemporaryDirectory() + "hanjul-files-test-XXXXXX").utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit {
        _ = chmodRecursively(path)
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { path + "/" + name }

    /// Entry names in the folder, sorted.
    func names(_ folder: String? = nil) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder ?? path)) ?? []).sorted()
    }

    private func chmodRecursively(_ p: String) -> Bool {
        chmod(p, 0o700) == 0
    }
}

func contents(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}

func put(_ bytes: [UInt8], _ path: String) {
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
}

/// The built helper executable, next to the test bundle.
func tortureExecutable() -> String {
    let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    return URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("hanjul-savetorture").path
}

struct RunResult {
    var status: Int32
    var output: String
    var errorOutput: String
}

/// Runs a program to completion and captures its output.
func run(_ executable: String, _ arguments: [String]) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return RunResult(status: process.terminationStatus,
                     output: String(decoding: outData, as: UTF8.self),
                     errorOutput: String(decoding: errData, as: UTF8.self))
}

let runningAsRoot = getuid() == 0

/// The same known contents `hanjul-savetorture` writes (kept in step with its main.swift).
func tortureVariant(_ n: Int) -> [UInt8] {
    let sizes = [0, 700, 300_000, 90_001]
    let size = sizes[n]
    var out = [UInt8](repeating: 0, count: size)
    for i in 0..<size { out[i] = UInt8(truncatingIfNeeded: (i &* 31) &+ n &* 7) }
    return out
}
