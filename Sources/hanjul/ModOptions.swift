import Foundation
import HanJulCore
import HanJulFiles
import HanJulMods

/// `--mod ID` (repeatable, in order) and `--mods-dir DIR` (repeatable), shared by every
/// command that plays games.
struct ModOptions {
    var ids: [String]
    var extraFolders: [String]

    init(_ reader: inout ArgumentReader) throws(UsageError) {
        ids = try reader.values("--mod")
        extraFolders = try reader.values("--mods-dir")
        for id in ids where id.isEmpty { throw UsageError("--mod needs a mod id") }
    }

    var isStandard: Bool { ids.isEmpty }

    /// The catalog over `--mods-dir`, `./Mods` and the user's data folder.
    var catalog: ModCatalog {
        let data = try? AppPaths.current().dataDirectory
        let cwd = FileManager.default.currentDirectoryPath
        return ModCatalog(searchPath: ModSearchPath(extra: extraFolders, workingDirectoryMods: cwd + "/Mods", userDataDirectory: data),
                          workingDirectory: cwd)
    }

    /// The mods' rules, or a message for standard error (exit status 3). A mod in the
    /// quarantine list (same hash) is refused; the rest run under the watchdog
    /// (``HangGuard``: a call that hangs exits with status 4).
    func loadRules(command: String = "run") -> Result<LuaRules, ModLoadError> {
        let quarantine = HangGuard.quarantine
        do throws(ModLoadError) {
            return .success(try catalog.rules(ids, quarantine: quarantine) { packages in
                HangGuard.watchdog(for: packages, quarantine: quarantine, command: command)
            })
        } catch { return .failure(error) }
    }
}
