import Foundation
import Testing
@testable import HanJulTerminal

@Suite("ColorCapability.detect")
struct ColorCapabilityTests {
    @Test("from the environment", arguments: [
        (["TERM": "xterm-256color", "COLORTERM": "truecolor"], ColorCapability.trueColor),
        (["TERM": "xterm", "COLORTERM": "24bit"], .trueColor),
        (["TERM": "xterm-direct"], .trueColor),
        (["TERM": "xterm-256color"], .ansi256),
        (["TERM": "screen-256color", "COLORTERM": "yes"], .ansi256),
        (["TERM": "xterm"], .ansi16),
        (["TERM": "vt100"], .ansi16),
        (["TERM": "some-unknown-terminal"], .ansi16),
        (["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"], .none),
        (["TERM": "xterm-256color", "NO_COLOR": ""], .ansi256),
        (["TERM": "dumb", "COLORTERM": "truecolor"], .none),
        ([:], .none),
    ] as [([String: String], ColorCapability)])
    func detect(environment: [String: String], expected: ColorCapability) {
        #expect(ColorCapability.detect(environment: environment) == expected)
    }

    @Test("capabilities are ordered")
    func ordering() {
        #expect(ColorCapability.none < .ansi16)
        #expect(ColorCapability.ansi16 < .ansi256)
        #expect(ColorCapability.ansi256 < .trueColor)
    }
}

@Suite("TerminalSize")
struct TerminalSizeTests {
    @Test("0×0 is tolerated: nothing fits, shortfall is the whole area, origin is zero")
    func zeroByZero() {
        let size = TerminalSize.zero
        #expect(size.isEmpty)
        #expect(!size.canFit(width: 10, height: 20))
        #expect(size.canFit(width: 0, height: 0))
        #expect(size.shortfall(width: 44, height: 24) == TerminalSize(columns: 44, rows: 24))
        #expect(size.centeredOrigin(width: 44, height: 24) == (column: 0, row: 0))
        #expect(size.shrunk(columns: 2, rows: 2) == .zero)
        #expect("\(size)" == "0x0")
    }

    @Test("arithmetic saturates instead of trapping")
    func saturation() {
        let size = TerminalSize(columns: 80, rows: 24)
        #expect(size.centeredOrigin(width: 40, height: 20) == (column: 20, row: 2))
        #expect(size.centeredOrigin(width: 200, height: 200) == (column: 0, row: 0))
        #expect(size.shortfall(width: 44, height: 24) == .zero)
        #expect(size.shortfall(width: 100, height: 30) == TerminalSize(columns: 20, rows: 6))
        #expect(size.shrunk(columns: Int.max, rows: Int.min) == TerminalSize(columns: 0, rows: 24))
        #expect(TerminalSize(columns: -5, rows: -1) == .zero)
        #expect(TerminalSize(columns: 1, rows: 1).centeredOrigin(width: Int.max, height: Int.min) == (column: 0, row: 0))
    }

    @Test("querying something that is not a terminal gives nil")
    func queryNonTerminal() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        #expect(TerminalSize.query(fileDescriptor: fds[0]) == nil)
    }
}

@Suite("MonotonicClock and FileDescriptorWriter")
struct ClockAndWriterTests {
    @Test("the clock never goes backwards and ticks")
    func clock() {
        let first = MonotonicClock.nanoseconds()
        usleep(2_000)
        let second = MonotonicClock.nanoseconds()
        #expect(second >= first + 1_000_000)
        #expect(MonotonicClock.milliseconds() >= second / 1_000_000)
    }

    @Test("a frame larger than the pipe buffer is written whole")
    func writesWholeFrame() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let frame = String(repeating: "0123456789abcdef", count: 64 * 1024) // 1 MiB > 64 KiB pipe
        final class Count: @unchecked Sendable { var value = 0 }
        let received = Count()
        let done = DispatchSemaphore(value: 0)
        let readEnd = fds[0]
        DispatchQueue.global().async { // drains concurrently, so the writer sees partial writes
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let n = read(readEnd, &buffer, buffer.count)
                if n <= 0 { break }
                received.value += n
            }
            done.signal()
        }
        try FileDescriptorWriter(fileDescriptor: fds[1]).write(frame)
        close(fds[1])
        done.wait()
        #expect(received.value == frame.utf8.count)
    }

    @Test("a closed reader is reported as outputClosed, not a spin")
    func closedOutput() {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        close(fds[0])
        defer { close(fds[1]) }
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        #expect(throws: TerminalError.outputClosed) {
            try FileDescriptorWriter(fileDescriptor: fds[1]).write("frame")
        }
    }
}

@Suite("TerminalError")
struct TerminalErrorTests {
    @Test("every error is one printable line", arguments: [
        TerminalError.notATerminal(.input), .notATerminal(.output), .unsupportedTerminal(term: "dumb"),
        .unsupportedTerminal(term: nil), .sessionAlreadyActive, .outputClosed,
        .systemCall(name: "tcsetattr", errno: EIO),
    ])
    func oneLine(error: TerminalError) {
        let text = "\(error)"
        #expect(!text.isEmpty)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    }

    @Test("the messages the application shows")
    func messages() {
        #expect("\(TerminalError.notATerminal(.input))" == "standard input is not a terminal")
        #expect("\(TerminalError.unsupportedTerminal(term: "dumb"))" == "the terminal type TERM=dumb cannot show a full-screen interface")
        #expect("\(TerminalError.systemCall(name: "tcsetattr", errno: EIO))" == "tcsetattr failed: Input/output error")
    }
}
