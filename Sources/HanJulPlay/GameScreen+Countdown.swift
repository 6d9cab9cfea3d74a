import HanJulCore
import HanJulTerminal

/// READY/GO: a game under a mode's rules waits `countdown` milliseconds before its clock
/// starts. The keys go on being read meanwhile, on the monotonic clock, so that at GO:
/// - a direction held at least DAS comes charged: it auto-shifts the first piece at once;
/// - a turn or hold held at GO turns or holds the first piece as it enters (IRS/IHS);
/// - the key stream carries on from what it knew (a key held through GO stays held).
///
/// The built-in standard rules (Classic) start at once, as does any game when
/// `countdown` is 0.
extension GameScreen {
    static var goCalloutDuration: UInt64 { 600_000_000 }

    /// Starts the countdown of a new game at `now`, when it has one.
    mutating func startCountdown(at now: UInt64) {
        guard mode == .playing, !identity.mods.isEmpty, let until = beginCountdown(config.handling.countdown, at: now) else { return }
        mode = .countdown(until: until)
    }

    /// GO: the clock starts, with the keys as they are.
    mutating func go() {
        guard case .countdown(let until) = mode else { return }
        mode = .playing
        playClock.stand(at: until)
        go(at: until)
        callout = Callout(lines: ["GO!"], until: clock &+ Self.goCalloutDuration)
    }
}

extension KeyBindings {
    /// The controls whose keys are down at `time` in `keys`, each with the latest press of
    /// its keys. Without release events a key counts as down at `time` while its repeats
    /// prove it held, or (unless `strictly`) within a repeat step of its last bytes.
    func keys(down keys: KeyHolds, at time: UInt64, strictly: Bool = false) -> [(control: Control, since: UInt64)] {
        var down: [Control: UInt64] = [:]
        for key in keys.keys.keys {
            guard let control = control(for: key), let hold = keys.hold(key) else { continue }
            let held = keys.reportsReleases || hold.surelyUntil.map { $0 >= time } == true
                || !strictly && hold.lastSign &+ 100_000_000 >= time
            guard held else { continue }
            down[control] = max(down[control] ?? 0, hold.since)
        }
        return down.sorted { "\($0.key)" < "\($1.key)" }.map { ($0.key, $0.value) }
    }
}
