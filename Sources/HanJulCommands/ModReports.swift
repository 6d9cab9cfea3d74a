import HanJulCommandLine
import HanJulModCheck
import HanJulMods
import HanJulSweep

/// `hanjul mods --json` and `hanjul check ID --json`: the reports as one JSON document
/// each (docs/MODDING.md, "Machine-readable reports", has the schemas). Keys are sorted;
/// a field that does not apply is left out.
enum ModReports {
    /// `hanjul mods --json`.
    struct Mods: Encodable {
        struct Mod: Encodable {
            /// ok, hidden, quarantined or error.
            var status: String
            var id: String
            var folder: String
            var sha256: String?
            var name: String?
            var version: String?
            var description: String?
            var api: Int?
            var requires: [String]?
            var hiddenBy: String?
            var error: String?
        }
        var schema = "hanjul-mods/1"
        var hanjul: String
        var searched: [String]
        var mods: [Mod]
        /// Mods that fail to load or are quarantined (the exit status is 3 when any).
        var broken: Int
    }

    static func mods(_ listing: [ModCatalog.Listing], searched: [String], hanjul: String) -> Mods {
        let mods = listing.map { entry -> Mods.Mod in
            var mod = Mods.Mod(status: "error", id: entry.id, folder: entry.folder, sha256: entry.sha256)
            if let shadow = entry.shadowedBy {
                mod.status = "hidden"
                mod.hiddenBy = shadow
            } else if let held = entry.quarantined {
                mod.status = "quarantined"
                mod.error = held.refusal
            } else if let manifest = entry.manifest {
                mod.status = "ok"
                mod.name = manifest.name
                mod.version = manifest.version
                mod.description = manifest.description
                mod.api = manifest.api
                mod.requires = manifest.requires.map(\.description)
            } else {
                mod.error = entry.error ?? "unknown error"
            }
            return mod
        }
        return Mods(hanjul: hanjul, searched: searched, mods: mods,
                    broken: mods.filter { $0.status == "error" || $0.status == "quarantined" }.count)
    }

    /// `hanjul check ID --json`.
    struct Check: Encodable {
        struct Outcome: Encodable { var name: String, passed: Bool, detail: String }
        var schema = "hanjul-check/1"
        var mod: String
        var with: [String]
        var folder: String
        var sha256: String
        /// Whether the mod loaded (the first check); when not, only that check is listed.
        var loaded: Bool
        var passed: Bool
        var checks: [Outcome]
        var failed: [String]
    }

    static func check(id: String, with: [String], folder: String, sha256: String, outcomes: [ModChecker.Outcome]) -> Check {
        let failed = outcomes.filter { !$0.passed }.map(\.name)
        let loaded = !(outcomes.first?.name == "load" && outcomes.first?.passed == false)
        return Check(mod: id, with: with, folder: folder, sha256: sha256, loaded: loaded, passed: failed.isEmpty,
                     checks: outcomes.map { Check.Outcome(name: $0.name, passed: $0.passed, detail: $0.detail) }, failed: failed)
    }

    /// Prints `report` as pretty JSON on standard output.
    static func print(_ report: some Encodable) throws(UsageError) {
        Report(toStandardError: false).line(try sweep { () throws(SweepError) in try JSONLines.text(report, pretty: true) }, data: true)
    }
}
