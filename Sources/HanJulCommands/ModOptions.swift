#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HanJulCommandLine
import HanJulCore
import HanJulFiles
import HanJulMods
import HanJulSystem

/// `--mod ID` (repeatable, in order) and `--mods-dir DIR` (repeatable), shared by every
/// command that plays games.
struct ModOptions {
    static let mod = Option("--mod", value: "ID", kind: .mod, repeatable: true,
                            help: "play under the mod ID (repeatable: mods apply in the order given)")
    static let modsDir = Option("--mods-dir", value: "DIR", kind: .folder, repeatable: true,
                                help: "look for mods in DIR first (repeatable; searched before ./Mods and the data folders)")
    /// Both, for commands that play under mods.
    static let options = [mod, modsDir]

    var ids: [String]
    var extraFolders: [String]

    /// The mods and folders of a command that declares ``options`` (or only ``modsDir``).
    init(_ arguments: Arguments, ids: Bool = true) throws(UsageError) {
        self.ids = ids ? arguments.values(Self.mod) : []
        extraFolders = arguments.values(Self.modsDir)
        for id in self.ids where id.isEmpty { throw UsageError("--mod needs a mod id") }
        for folder in extraFolders where folder.isEmpty { throw UsageError("--mods-dir needs a folder") }
        for folder in extraFolders { try Self.checkFolder(folder) }
    }

    /// A folder the user named must be one: a typo in `--mods-dir` would otherwise just
    /// search the other folders and end in "no mod", or list the wrong mods.
    static func checkFolder(_ folder: String) throws(UsageError) {
        let info: FileStatus
        do throws(Errno) { info = try FileStatus.of(path: folder) } catch {
            let reason = switch error {
            case .noSuchFileOrDirectory: "no such folder"
            case .tooManySymbolicLinks: "a loop of symbolic links"
            case .permissionDenied: "permission denied"
            default: "cannot be read (errno \(error.rawValue))"
            }
            throw UsageError("--mods-dir \(CommandLineText.quoted(folder)): \(reason)")
        }
        guard info.kind == .directory else {
            throw UsageError("--mods-dir \(CommandLineText.quoted(folder)): not a folder")
        }
    }

    var isStandard: Bool { ids.isEmpty }

    /// The mods a versus match plays when none are given: the modern game (`guideline`:
    /// hold, five previews, 180° turns) with the Guideline attack table and grey garbage
    /// (`versus`).
    static let versusDefault = ["guideline", "versus"]

    /// These options for a versus match: without `--mod`, `versusDefault` when the catalog
    /// finds both (else the standard rules, as before).
    var forVersus: ModOptions {
        guard ids.isEmpty, (try? catalog.packages(Self.versusDefault)) != nil else { return self }
        var options = self
        options.ids = Self.versusDefault
        return options
    }

    /// The catalog over `--mods-dir`, `./Mods`, the user's data folder, the system's
    /// (`$XDG_DATA_DIRS`), and last the mods installed beside this binary
    /// (`PREFIX/share/hanjul` for `PREFIX/bin/hanjul`, so an install anywhere finds its mods).
    var catalog: ModCatalog {
        let paths = try? AppPaths.current()
        let cwd = Self.workingDirectory
        var system = paths?.systemDataDirectories ?? []
        if let installed = Self.installedDataDirectory, !system.contains(installed) { system.append(installed) }
        let searchPath = ModSearchPath(extra: extraFolders, workingDirectoryMods: cwd.map { $0.hasSuffix("/") ? $0 + "Mods" : $0 + "/Mods" } ?? "Mods",  // from `/`: `/Mods`
                                       userDataDirectory: paths?.dataDirectory, systemDataDirectories: system)
        return ModCatalog(searchPath: searchPath, workingDirectory: cwd ?? ".")
    }

    /// The working folder, or nil when its path is not UTF-8 (H-5): then `./Mods` is
    /// searched as the relative path `Mods`, which the system resolves in the real folder,
    /// where a decoded spelling would name another folder (and load its mods).
    static var workingDirectory: String? {
        FileSystem.workingDirectory.flatMap { PathBytes(bytes: $0).text }
    }

    /// `PREFIX/share/hanjul` when this binary is `PREFIX/bin/hanjul`, and
    /// `PREFIX/share/games/hanjul` when it is `PREFIX/games/hanjul` (Debian's games layout:
    /// `/usr/games/hanjul` with its mods in `/usr/share/games/hanjul/mods`); symbolic links
    /// resolved. Else nil (a build folder's binary has no installed mods).
    static var installedDataDirectory: String? {
        guard let resolved = FileSystem.resolved("/proc/self/exe") else { return nil }
        // Not UTF-8: no text names that folder (H-5), so no installed mods are looked for.
        guard let real = PathBytes(bytes: resolved).text else { return nil }
        return installedDataDirectory(binary: real)
    }

    /// The data folder of an installed binary at `binary` (an absolute, resolved path).
    static func installedDataDirectory(binary: String) -> String? {
        let parts = binary.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return nil }
        let prefix = parts.dropLast(2).joined(separator: "/")
        switch parts[parts.count - 2] {
        case "bin": return prefix + "/share/hanjul"
        case "games": return prefix + "/share/games/hanjul"
        default: return nil
        }
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
