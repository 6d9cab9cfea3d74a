import HanJulSystem
import HanJulFiles

/// Where mods are found, in precedence order: each `--mods-dir`, then `./Mods`, then the
/// user's data folder (`$XDG_DATA_HOME/hanjul/mods`, default `~/.local/share/hanjul/mods`),
/// then the system's (`hanjul/mods` in each `$XDG_DATA_DIRS` folder, default
/// `/usr/local/share` then `/usr/share`: where `scripts/install` puts the bundled mods).
/// When two folders hold the same id, the earlier one wins and the later is reported shadowed.
public struct ModSearchPath: Sendable, Equatable {
    public var folders: [String]

    public init(folders: [String]) { self.folders = folders }

    /// The standard search path.
    public init(extra: [String], workingDirectoryMods: String = "Mods", userDataDirectory: String?,
                systemDataDirectories: [String] = []) {
        var folders = extra
        folders.append(workingDirectoryMods)
        if let userDataDirectory { folders.append(userDataDirectory + "/mods") }
        for system in systemDataDirectories where !folders.contains(system + "/mods") { folders.append(system + "/mods") }
        self.folders = folders
    }

    /// One entry of a folder on the search path.
    public struct Entry: Sendable, Equatable {
        /// The folder's name as ``PathBytes/shown`` prints it: the id itself for every valid
        /// id; distinct for distinct names otherwise (`a\xFF` for a name that is not UTF-8).
        public var id: String
        /// The folder. For a name that is not UTF-8 (never a mod id, so never read: the
        /// loader refuses it by name first), its last part is the escaped name.
        public var folder: String
        /// Set when an earlier folder holds the same id.
        public var shadowedBy: String?
    }

    /// Every mod folder on the path, sorted by id within each search folder. There is no
    /// limit: a folder of thousands of mods lists them all (#15 item 6). Names are read as
    /// bytes (H-5), so two folders whose names differ only in bytes that are not UTF-8 are
    /// two entries, neither shadowing the other.
    public func entries() -> [Entry] {
        var seen: [PathBytes: String] = [:]
        var result: [Entry] = []
        for root in folders {
            let rootBytes = PathBytes(root)
            guard let listed = try? Directory.names(in: rootBytes) else { continue }
            var names: [PathBytes] = []
            for name in listed where name.bytes.first != UInt8(ascii: ".") {
                // Folders only; a symlinked mod folder is listed and refused when read.
                if let info = try? rootBytes.appending(name).linkStatus(), [.directory, .symbolicLink].contains(info.kind) {
                    names.append(name)
                }
            }
            for name in names.sorted() {
                let folder = root + "/" + (name.text ?? name.shown)
                result.append(Entry(id: name.shown, folder: folder, shadowedBy: seen[name]))
                if seen[name] == nil { seen[name] = folder }
            }
        }
        return result
    }

    /// The folder of mod `id`, the first on the path: looked up by name in each search
    /// folder, without listing them. Only valid ids are found (never `..` or a path).
    public func folder(of id: String) -> String? {
        guard ModPackage.isValidID(id) else { return nil }
        for root in folders {
            let folder = root + "/" + id
            if let info = try? FileStatus.ofLink(atPath: folder), [.directory, .symbolicLink].contains(info.kind) {
                return folder
            }
        }
        return nil
    }
}
