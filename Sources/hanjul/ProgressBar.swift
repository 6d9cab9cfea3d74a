import Glibc

/// A one-line progress bar on standard error (only used when it is a terminal): games done,
/// rate and time left, redrawn in place.
final class ProgressBar: Sendable {
    let total: Int
    let label: String
    let started = Platform.wallSeconds()

    init(total: Int, label: String) {
        self.total = total
        self.label = label
    }

    func draw(done: Int) {
        let elapsed = Platform.wallSeconds() - started
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let left = rate > 0 ? Double(total - done) / rate : 0
        let width = 30
        let filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        let line = "\r\(label) \(bar) \(done)/\(total) games  \(Int(rate.rounded())) games/s  \(done == 0 ? "--:--" : Self.clock(left)) left "
        StandardError.write(line, newline: false)
    }

    func finish() {
        StandardError.write("\r\u{1B}[K", newline: false)
    }

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        let m = s / 60
        return m >= 60 ? "\(m / 60)h\(m % 60 < 10 ? "0" : "")\(m % 60)m" : "\(m):\(s % 60 < 10 ? "0" : "")\(s % 60)"
    }
}
