import HanJulSystem
import CTerminalShim
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HanJulCommandLine
import HanJulFiles
import HanJulMods
import LuaKit
import HanJulText

/// The watchdog backstop for mod calls that never return (RELIABILITY L-24), for every
/// command that plays (`run`, `replay`, and `play`: use ``ModOptions/loadRules()``).
///
/// When a call into a mod runs longer than ``limitSeconds`` of wall time (the instruction
/// budget stops anything written in Lua long before; only a stuck C call can get here),
/// on the watchdog's thread:
/// 1. the terminal is restored (`hj_term_emergency_restore`: a no-op when no terminal
///    session is active);
/// 2. the mod (id + sha256) is added to the quarantine file (``ModQuarantine``, written
///    atomically under a lock);
/// 3. one line goes to standard error, saying how to re-enable the mod;
/// 4. the process `_exit`s with ``ExitStatus/modHung`` (4).
///
/// The next start refuses that mod (same hash) until `hanjul mods --trust ID`.
public enum HangGuard {
    /// The wall-clock limit per outermost call into a mod. `HANJUL_WATCHDOG_SECONDS`
    /// overrides it (0.5…600), for tests and very slow machines.
    static var limitSeconds: Double {
        if let text = ProcessInfo.processInfo.environment["HANJUL_WATCHDOG_SECONDS"], let value = Double(text),
           (0.5...600).contains(value) {
            return value
        }
        return 2
    }

    /// Reads the test-only switches from the environment (see `ModTestHooks`): in debug
    /// builds only; a release binary ignores `HANJUL_TEST_HANG_MS`.
    public static func readTestSwitches() {
        #if HANJUL_TEST_SWITCHES
        if let text = ProcessInfo.processInfo.environment["HANJUL_TEST_HANG_MS"], let ms = Int(text), ms > 0 {
            ModTestHooks.hangMilliseconds = min(ms, 600_000)
        }
        #endif
    }

    /// The quarantine list of this user, or nil when there is no home to keep it in.
    static var quarantine: ModQuarantine? {
        (try? AppPaths.current()).map { ModQuarantine(paths: $0) }
    }

    /// A watchdog over `packages` that quarantines and exits when one hangs. States are
    /// known by their label: a mod's id, or for a mod's test file `ID tests/x.lua` (the
    /// test is part of the mod's package, so its hang quarantines the mod).
    static func watchdog(for packages: [ModPackage], quarantine: ModQuarantine?, command: String,
                         limit: Double = limitSeconds) -> LuaWatchdog {
        let hashes = Dictionary(packages.map { ($0.id, $0.sha256) }, uniquingKeysWith: { first, _ in first })
        return LuaWatchdog(limitSeconds: limit, pollSeconds: 0.05) { report in
            hj_term_emergency_restore()
            let id = String(report.label.prefix { $0 != " " })
            let file = report.label.dropFirst(id.count).drop { $0 == " " }
            let seconds = limit == limit.rounded() ? String(Int(limit)) : String(limit)
            let reason = "hung for more than \(seconds) s in a call the instruction budget could not stop"
                + (file.isEmpty ? "" : " (in \(visible(String(file), limit: 80)))")
            var saved = "quarantined it"
            if let quarantine, let sha = hashes[id] {
                do {
                    try quarantine.add(ModQuarantine.Entry(id: id, sha256: sha, reason: reason, time: ModQuarantine.now()))
                } catch {
                    saved = "could not quarantine it (\(visible("\(error)", limit: 200)))"
                }
            } else {
                saved = "could not quarantine it (no data folder)"
            }
            let line = "hanjul \(command): mod '\(visible(id, limit: 40))' \(reason); stopped the game and \(saved). "
                + "To play it again: hanjul mods --trust \(visible(id, limit: 40))\n"
            try? FileDescriptor.standardError.writeAll(line.utf8)
            SystemProcess.exitImmediately(ExitStatus.modHung.code)
        }
    }
}
