// hanjul-savetorture: a helper process for HanJulFiles' crash tests.
//
//   hanjul-savetorture loop PATH FD
//       Writes variant 1, 2, 3, 1, 2, … of `TortureContent` to PATH through
//       AtomicFile.write forever, writing one byte to file descriptor FD once
//       the loop has started. The test kills it with SIGKILL at random moments.
//   hanjul-savetorture write-limited PATH SIZE LIMIT
//       Sets RLIMIT_FSIZE to LIMIT bytes (writes past it fail with EFBIG),
//       tries to save SIZE bytes to PATH, prints the error, exits 3 on failure.
//   hanjul-savetorture append PATH TAG COUNT
//       Adds COUNT entries "TAG-i" to the record file PATH through DurableStore.
import HanJulSystem
import HanJulFiles
import HanJulCodec

/// The known contents the loop writes; the test checks the file is always one of them.
enum TortureContent {
    static func variant(_ n: Int) -> [UInt8] {
        // Different sizes so a torn write cannot look like another variant.
        let sizes = [0, 700, 300_000, 90_001]
        let size = sizes[n]
        var out = [UInt8](repeating: 0, count: size)
        for i in 0..<size { out[i] = UInt8(truncatingIfNeeded: (i &* 31) &+ n &* 7) }
        return out
    }
}

/// Writes one line to standard error with write(2) (no shared FILE state).
func printError(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { FileDescriptor.standardError.writeOnce($0) }
}

// The helper dies with the test that started it: a killed or failed test run must never
// leave a loop burning a CPU (it once ran for two hours, reparented to init). The loop
// stops as soon as its parent is gone (it is reparented), and SIGALRM ends any mode after
// ten minutes whatever happens. (Not PR_SET_PDEATHSIG: it fires when the *thread* that
// spawned the helper exits, which a test runner's thread pool may do at any time.)
let parent = SystemProcess.parentID
if parent == 1 { SystemProcess.exit(1) }  // already orphaned before it started
SystemProcess.scheduleAlarm(seconds: 600)

let args = CommandLine.arguments
func usage() -> Never {
    printError("usage: hanjul-savetorture loop PATH FD | write-limited PATH SIZE LIMIT | append PATH TAG COUNT")
    SystemProcess.exit(2)
}
guard args.count >= 3 else { usage() }
let path = args[2]

switch args[1] {
case "loop":
    guard args.count == 4, let fd = Int32(args[3]) else { usage() }
    var n = 0
    var signalled = false
    while true {
        do {
            try AtomicFile.write(TortureContent.variant(n % 3 + 1), to: path)
        } catch {
            printError("\(error)")
            SystemProcess.exit(1)
        }
        if !signalled {
            _ = [UInt8(1)].withUnsafeBytes { FileDescriptor(rawValue: fd).writeOnce($0) }
            signalled = true
        }
        if SystemProcess.parentID != parent { SystemProcess.exit(1) }  // orphaned: the test is gone
        n += 1
    }

case "write-limited":
    guard args.count == 5, let size = Int(args[3]), let limit = UInt(args[4]) else { usage() }
    guard SystemProcess.limitFileSize(to: limit) else { SystemProcess.exit(4) }
    do {
        try AtomicFile.write([UInt8](repeating: 0x41, count: size), to: path)
        print("saved")
        SystemProcess.exit(0)
    } catch {
        print(error.playerMessage(saving: "high scores"))
        SystemProcess.exit(3)
    }

case "append":
    guard args.count == 5, let count = Int(args[4]) else { usage() }
    let tag = args[3]
    do {
        for i in 0..<count {
            try DurableStore.update(path, kind: "torture", version: 1) { old in
                var entries = old?["entries"]?.arrayValue ?? []
                entries.append(.string("\(tag)-\(i)"))
                return ["entries": .array(entries)]
            }
        }
    } catch {
        printError("\(error)")
        SystemProcess.exit(1)
    }

default:
    usage()
}
