import HanJulCommandLine
import HanJulCore
import HanJulMods
import HanJulText

/// `hanjul mods`: every mod on the search path, with its version, description and folder,
/// or why it does not load.
enum ModsCommand {
    static let trust = Option("--trust", value: "ID", kind: .mod, repeatable: true,
                              help: "re-enable the mod ID that the watchdog quarantined (repeatable)")
    static let ids = Option.flag("--ids", help: "print only the ids of the mods found, one per line, without loading them (for scripts and shell completion)")
    static let json = Option.flag("--json", help: "print the list as one JSON document (schema hanjul-mods/1, in the MODDING.md guide)")

    static let declaration = Command(
        "mods", summary: "list the mods found, with any load error",
        synopsis: ["[--mods-dir DIR]... [--ids | --json]", "--trust ID"],
        discussion: [
            "Mods are found in each --mods-dir DIR, then ./Mods, then the user's data folder "
                + "($XDG_DATA_HOME/hanjul/mods, default ~/.local/share/hanjul/mods), then each folder of "
                + "$XDG_DATA_DIRS (hanjul/mods inside each; default /usr/local/share and /usr/share). "
                + "When two folders hold the same id, the first wins and the other is listed as hidden. "
                + "Exit status 3 when a mod fails to load or is quarantined.",
        ],
        options: [ModOptions.modsDir, trust, ids, json],
        misplaced: ["--mod": "'hanjul mods' lists every mod; --mod does not apply"])

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitStatus {
        let request = try ModsRun(arguments)
        try request.validate()
        return try list(request)
    }

    /// Trusts the mods named, or lists the ids, or lists every mod with why one fails.
    static func list(_ request: ModsRun) throws(UsageError) -> ExitStatus {
        let options = request.mods
        let quarantine = HangGuard.quarantine
        if !request.trusted.isEmpty {
            return Self.trust(request.trusted, quarantine)
        }
        if request.idsOnly {
            for entry in options.catalog.searchPath.entries() where entry.shadowedBy == nil && ModPackage.isValidID(entry.id) {
                say(entry.id)
            }
            return .success
        }
        let catalog = options.catalog
        let listing = catalog.listing(quarantine: quarantine) { package in
            HangGuard.watchdog(for: [package], quarantine: quarantine, command: "mods")
        }
        if request.json {
            let report = ModReports.mods(listing, searched: catalog.searchPath.folders, hanjul: HanJulVersion.release)
            try ModReports.print(report)
            return report.broken == 0 ? .success : .modError
        }
        if listing.isEmpty {
            say(visible("No mods found. Searched: \(catalog.searchPath.folders.joined(separator: ", "))"))
            return .success
        }
        var broken = 0
        for entry in listing {
            if let shadow = entry.shadowedBy {
                say(visible("  \(entry.id)  (in \(entry.folder), hidden by \(shadow))"))
            } else if let held = entry.quarantined {
                broken += 1
                say(visible("\(entry.id)  QUARANTINED  \(entry.folder)  sha256 \(entry.sha256?.prefix(16) ?? "")…"))
                say(visible("    \(held.refusal)"))
            } else if let manifest = entry.manifest {
                say(visible("\(manifest.id) \(manifest.version)  \(manifest.name): \(manifest.description)"))
                say(visible("    \(entry.folder)  sha256 \(entry.sha256?.prefix(16) ?? "")…"))
                if !manifest.requires.isEmpty {
                    say(visible("    requires \(manifest.requires.map(\.description).joined(separator: ", ")) (loaded before it)"))
                }
            } else {
                broken += 1
                say(visible("\(entry.id)  FAILS TO LOAD  \(entry.folder)"))
                say(visible("    \(entry.error ?? "unknown error")"))
            }
        }
        say()
        say(visible("Searched: \(catalog.searchPath.folders.joined(separator: ", ")). Play one with: hanjul run --mod ID … (or hanjul --mod ID)"))
        return broken == 0 ? .success : .modError
    }

    /// `hanjul mods --trust ID`: removes ID's quarantine entries (L-24).
    static func trust(_ ids: [String], _ quarantine: ModQuarantine?) -> ExitStatus {
        guard let quarantine else {
            StandardError.write("hanjul mods: cannot find the data folder (set HOME or XDG_DATA_HOME)")
            return .failure
        }
        for id in ids {
            do {
                let removed = try quarantine.trust(id: id)
                say(removed == 0 ? "mod '\(visible(id, limit: 40))' was not quarantined"
                                   : "mod '\(visible(id, limit: 40))' is trusted again (removed \(removed) quarantine entr\(removed == 1 ? "y" : "ies"))")
            } catch {
                StandardError.write("hanjul mods: could not update \(quarantine.path): \(visible("\(error)", limit: 300))")
                return .failure
            }
        }
        return .success
    }
}

/// `hanjul mods`'s options, read (`init`) and checked together (`validate`; `--trust` wins
/// over `--ids`, as the synopsis has them apart).
struct ModsRun {
    var trusted: [String]
    var mods: ModOptions
    var idsOnly: Bool
    var json: Bool

    init(_ arguments: Arguments) throws(UsageError) {
        trusted = arguments.values(ModsCommand.trust)
        mods = try ModOptions(arguments, ids: false)
        idsOnly = arguments.flag(ModsCommand.ids)
        json = arguments.flag(ModsCommand.json)
    }

    /// --ids and --json are two different outputs; --trust prints neither.
    func validate() throws(UsageError) {
        if idsOnly && json { throw UsageError("--ids and --json are two different lists; give one") }
        if json && !trusted.isEmpty { throw UsageError("--json lists the mods; --trust changes the quarantine: give one") }
    }
}
