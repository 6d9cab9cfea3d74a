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

    /// The mods' rules, or a message for standard error (exit status 3).
    func loadRules() -> Result<LuaRules, ModLoadError> {
        do throws(ModLoadError) { return .success(try catalog.rules(ids)) } catch { return .failure(error) }
    }
}
