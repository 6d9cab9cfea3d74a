import Foundation
import Glibc
import Testing

/// A torture helper whose test died must not outlive it (a `loop` orphaned by a killed test
/// run once burned a core for two hours): the helper notices it was reparented and exits.
@Suite struct OrphanHelperTests {
    /// The state letter of process `pid` in /proc (nil once it is gone and reaped).
    static func state(of pid: Int32) -> Character? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(close, offsetBy: 2)...].first
    }

    @Test func aLoopWhoseParentDiesExitsByItself() throws {
        let folder = TemporaryFolder()
        let fifo = folder.file("ready")
        #expect(mkfifo(fifo, 0o600) == 0)
        // sh starts the loop in the background (its output to a file, so reading sh's output
        // cannot wait for it), waits for its first save (one byte on the FIFO), prints its pid
        // and exits: the loop is left an orphan, still saving.
        let shell = try run("/bin/sh", ["-c", #""$0" loop "$1" 3 3>"$2" >"$4" 2>&1 & pid=$!; head -c 1 "$2" > "$3"; echo $pid"#,
                                        tortureExecutable(), folder.file("scores.hjr"), fifo, folder.file("byte"), folder.file("log")])
        #expect(shell.status == 0, "\(shell.errorOutput)")
        let pid = try #require(Int32(shell.output.trimmingCharacters(in: .whitespacesAndNewlines)), "\(shell.output)")
        let command = (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? ""
        // Gone, or a zombie nobody reaped yet: either way it stopped running.
        var state = Self.state(of: pid)
        for _ in 0..<200 where state != nil && state != "Z" {
            usleep(50_000)
            state = Self.state(of: pid)
        }
        if let state, state != "Z", command.contains("hanjul-savetorture") { kill(pid, SIGKILL) }
        #expect(state == nil || state == "Z", "the orphaned helper \(pid) is still running (state \(state.map(String.init) ?? "-"))")
        #expect(command.isEmpty || command.contains("hanjul-savetorture"), "pid \(pid) is \(command)")
    }
}
