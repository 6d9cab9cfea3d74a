#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Notices when the files of some folders change, by polling: each file's path, size and
/// modification time (nanoseconds). Cheap enough to run once a second: a mod folder holds a
/// few files, and only `stat` is called.
public struct ModWatcher: Sendable {
    public let folders: [String]
    private var snapshot: [String: FileStamp]

    struct FileStamp: Equatable, Sendable {
        var size: Int64
        var modified: Int64
    }

    public init(folders: [String]) {
        self.folders = folders
        snapshot = ModWatcher.scan(folders)
    }

    /// Whether anything changed since the last call (or `init`): a file added, removed,
    /// resized or touched.
    public mutating func poll() -> Bool {
        let now = ModWatcher.scan(folders)
        guard now != snapshot else { return false }
        snapshot = now
        return true
    }

    /// The stamps of every regular file under `folders` (at most 4 levels, 512 files).
    static func scan(_ folders: [String]) -> [String: FileStamp] {
        var result: [String: FileStamp] = [:]
        for folder in folders { walk(folder, depth: 0, into: &result) }
        return result
    }

    private static func walk(_ folder: String, depth: Int, into result: inout [String: FileStamp]) {
        guard depth <= 4, result.count < 512, let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            // Editors' swap and backup files come and go while typing; only real files count.
            if name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") { continue }
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: walk(path, depth: depth + 1, into: &result)
            case S_IFREG:
                result[path] = FileStamp(size: Int64(info.st_size),
                                         modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
            default: break
            }
            if result.count >= 512 { return }
        }
    }
}
