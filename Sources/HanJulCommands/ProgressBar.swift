import HanJulSystem
import HanJulCommandLine
import HanJulSim
import HanJulSweep
import Synchronization

/// Progress on standard error: on a terminal a one-line bar (games done, rate, time
/// left) redrawn in place, in block characters under a UTF-8 locale and in ASCII under any
/// other; on a `TERM=dumb` terminal (which cannot redraw) plain lines every 10 s;
/// elsewhere, with `--progress`, plain lines for a log (a Slurm job's output file, say):
/// one when the run starts, one every 30 s, one at the end. `--quiet` shows none.
final class ProgressBar: RunProgress {
    enum Style: Sendable, Equatable {
        /// Redrawn in place; `unicode` picks the bar's characters.
        case terminal(unicode: Bool)
        case lines(every: Double)
    }

    /// `-q, --quiet`: no progress at all.
    static let quiet = Option.flag("--quiet", short: "q", help: "show no progress on standard error, not even on a terminal")

    let total: Int
    let label: String
    let style: Style
    /// What is counted: `games`, or `matches` for `sim --versus`.
    let unit: String
    let started = Platform.wallSeconds()
    private let lastLine = Mutex<Double>(0)

    /// The bar for a run of `total` games, or nil when there is nothing to show: `quiet`,
    /// or standard error is not a terminal and `lines` (`--progress`) was not asked for.
    static func make(total: Int, label: String, lines: Bool, quiet: Bool = false, unit: String = "games") -> ProgressBar? {
        guard let style = Self.style(terminal: Platform.isStandardErrorTerminal, lines: lines, quiet: quiet, manners: .current) else { return nil }
        return ProgressBar(total: total, label: label, style: style, unit: unit)
    }

    /// The style for these circumstances, or nil for none.
    static func style(terminal: Bool, lines: Bool, quiet: Bool, manners: OutputManners) -> Style? {
        if quiet { return nil }
        if terminal { return manners.dumb ? .lines(every: 10) : .terminal(unicode: manners.unicode) }
        return lines ? .lines(every: 30) : nil
    }

    init(total: Int, label: String, style: Style = .terminal(unicode: true), unit: String = "games") {
        self.total = total
        self.unit = unit
        self.label = label
        self.style = style
    }

    /// One line for a log (`standard: 250 games on 2 workers (…)`); nothing on a terminal,
    /// where the bar says enough.
    func announce(_ text: String) {
        if case .lines = style { StandardError.write("\(label): \(text)") }
    }

    func draw(done: Int) {
        let elapsed = Platform.wallSeconds() - started
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let left = rate > 0 ? Double(total - done) / rate : 0
        switch style {
        case .terminal(let unicode):
            let width = 30
            let filled = total > 0 ? width * done / total : width
            let bar = String(repeating: unicode ? "█" : "#", count: filled) + String(repeating: unicode ? "·" : "-", count: width - filled)
            let line = "\(label) \(bar) \(done)/\(total) \(unit)  \(Int(rate.rounded())) \(unit)/s  \(done == 0 ? "--:--" : Self.clock(left)) left "
            StandardError.writeControl("\r")
            StandardError.write(line, newline: false)
        case .lines(let every):
            let due = lastLine.withLock { last in
                guard elapsed - last >= every else { return false }
                last = elapsed
                return true
            }
            guard due, done < total else { return }
            StandardError.write("\(label): \(done)/\(total) \(unit), \(Self.rate(rate)) \(unit)/s, \(done == 0 ? "--:--" : Self.clock(left)) left")
        }
    }

    func finish(done: Int) {
        switch style {
        case .terminal: StandardError.writeControl("\r\u{1B}[K")  // back to the start, the line erased
        case .lines: StandardError.write("\(label): \(done)/\(total) \(unit) in \(Self.clock(Platform.wallSeconds() - started))")
        }
    }

    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        let m = s / 60
        return m >= 60 ? "\(m / 60)h\(m % 60 < 10 ? "0" : "")\(m % 60)m" : "\(m):\(s % 60 < 10 ? "0" : "")\(s % 60)"
    }
}

extension ProgressBar {
    /// A rate with three significant figures or so: `0.42`, `12.5`, `340`.
    static func rate(_ x: Double) -> String { Format.number(x, digits: x < 10 ? 2 : x < 100 ? 1 : 0) }
}
