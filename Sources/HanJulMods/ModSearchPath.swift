#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        public var id: String
        public var folder: String
        /// Set when an earlier folder holds the same id.
        public var shadowedBy: String?
    }

    /// Every mod folder on the path, sorted by id within each search folder. There is no
    /// limit: a folder of thousands of mods lists them all (#15 item 6).
    public func entries() -> [Entry] {
        var seen: [String: String] = [:]
        var result: [Entry] = []
        for root in folders {
            guard let directory = opendir(root) else { continue }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name.hasPrefix(".") { continue }
                var info = stat()
                // Folders only; a symlinked mod folder is listed and refused when read.
                if lstat(root + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFDIR || info.st_mode & S_IFMT == S_IFLNK {
                    names.append(name)
                }
            }
            closedir(directory)
            for name in names.sorted() {
                let folder = root + "/" + name
                result.append(Entry(id: name, folder: folder, shadowedBy: seen[name]))
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
            var info = stat()
            let folder = root + "/" + id
            if lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR || info.st_mode & S_IFMT == S_IFLNK {
                return folder
            }
        }
        return nil
    }
}
