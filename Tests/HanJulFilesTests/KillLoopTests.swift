import Foundation
import Glibc
import HanJulFiles
import TestTiers
import Testing

@Suite("kill -9 during saves")
struct KillLoopTests {
    /// RELIABILITY D-1: kill the writer at random moments; the file must always
    /// be exactly one complete version. `HANJUL_KILL_LOOPS` raises the count.
    @Test("SIGKILL at random moments: the file is always a complete known version", .runsLong)
    func killLoop() throws {
        let loops = ProcessInfo.processInfo.environment["HANJUL_KILL_LOOPS"].flatMap(Int.init) ?? 1000
        let folder = TemporaryFolder()
        let path = folder.file("scores.hjr")
        let known = (0..<4).map(tortureVariant)
        try AtomicFile.write(known[0], to: path)
        var rng = SystemRandomNumberGenerator()
        var seen = [Int](repeating: 0, count: 4)
        var killedMidSave = 0
        for round in 0..<loops {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tortureExecutable())
            process.arguments = ["loop", path, "1"]
            let ready = Pipe()
            process.standardOutput = ready
            try process.run()
            _ = try ready.fileHandleForReading.read(upToCount: 1)  // the loop has started
            usleep(UInt32.random(in: 0..<8_000, using: &rng))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "round \(round): the writer stopped on its own")

            let now = try #require(contents(path), "round \(round): the file vanished")
            guard let which = known.firstIndex(of: now) else {
                Issue.record("round \(round): the file is not a known version (\(now.count) bytes)")
                break
            }
            seen[which] += 1
            if !AtomicFile.removeStaleTemporaries(for: path).isEmpty { killedMidSave += 1 }
        }
        print("kill loop: \(loops) kills, \(killedMidSave) left a temporary file (killed mid-save), final versions seen \(seen)")
        #expect(folder.names() == ["scores.hjr"])
        #expect(seen[1] + seen[2] + seen[3] > 0, "the writer never completed a save")
    }
}
