import HanJulSystem
import HanJulFiles

/// Notices when the files of some folders change, cheaply whatever the folders hold.
///
/// On Linux it asks the kernel (inotify): a watch on each folder, and the driver polls the
/// watcher's `descriptor` with the terminal, so an idle game costs nothing. Elsewhere, or
/// when the kernel refuses watches, it polls a bounded set once a second: the `stat` of the
/// files and folders found at the start (a folder whose time changed is read again).
///
/// Either way it looks at no more than `maximumFolders` folders, `maximumDepth` levels deep,
/// `maximumFiles` files, reading at most `maximumEntries` folder entries in all, so a mod
/// folder with 262,144 empty subfolders costs one bounded walk at the start and nothing
/// after. Changes beyond those bounds go unseen. Names starting with `.`
/// or ending in `~` or `.swp` (editors' swap and backup files) are ignored.
public final class ModWatcher {
    public let folders: [String]

    public static let maximumFolders = 64
    public static let maximumDepth = 4
    public static let maximumFiles = 512
    public static let maximumEntries = 4_096
    /// How often the polling fallback looks, in nanoseconds.
    public static let pollInterval: UInt64 = 1_000_000_000

    struct Stamp: Equatable {
        var size: Int64
        var modified: Int64
    }

    /// The folders and files found, with their stamps (what polling compares).
    private var folderStamps: [String: Stamp] = [:]
    private var fileStamps: [String: Stamp] = [:]
    private var entriesRead = 0
    /// The inotify descriptor and which folder each watch is, when the kernel watches.
    #if os(Linux)
    private var inotify: Inotify?
    #endif
    private var watches: [Int32: String] = [:]

    /// Watches `folders` (each mod's folder); `usesKernel: false` polls even where the
    /// kernel could watch (for tests of the fallback).
    public init(folders: [String], usesKernel: Bool = true) {
        self.folders = folders
        #if os(Linux)
        if usesKernel { inotify = Inotify.make() }
        #endif
        for folder in folders { walk(folder, depth: 0) }
    }

    deinit {
        #if os(Linux)
        try? inotify?.descriptor.close()
        #endif
    }

    /// The descriptor to wait on (readable when something changed), or nil when the
    /// watcher polls: then call `poll()` every `pollInterval`.
    public var descriptor: Int32? {
        #if os(Linux)
        inotify?.descriptor.rawValue
        #else
        nil
        #endif
    }

    /// How many folders and files are watched (for tests and the README's figures).
    public var watchedCounts: (folders: Int, files: Int) { (folderStamps.count, fileStamps.count) }

    /// Whether anything changed since the last call (or `init`): a file added, removed,
    /// written or touched.
    public func poll() -> Bool {
        descriptor != nil ? drainEvents() : rescan()
    }

    // MARK: - The walk

    private func walk(_ folder: String, depth: Int) {
        guard depth <= Self.maximumDepth, folderStamps.count < Self.maximumFolders, entriesRead < Self.maximumEntries,
              let info = Self.status(folder), info.isFolder else { return }
        folderStamps[folder] = info.stamp
        addWatch(folder)
        // A mod's own file first, however many entries its folder has.
        if depth == 0, let main = Self.status(folder + "/mod.lua"), main.isFile { fileStamps[folder + "/mod.lua"] = main.stamp }
        guard let names = try? Directory.names(in: PathBytes(folder), limit: Self.maximumEntries - entriesRead) else { return }
        entriesRead += names.count
        var subfolders: [String] = []
        for bytes in names {
            guard let name = Self.name(bytes) else { continue }
            let path = folder + "/" + name
            guard let item = Self.status(path) else { continue }
            if item.isFolder {
                subfolders.append(path)
            } else if item.isFile, fileStamps.count < Self.maximumFiles {
                fileStamps[path] = item.stamp
            }
        }
        for subfolder in subfolders.sorted() { walk(subfolder, depth: depth + 1) }
    }

    /// Whether a file name is one whose change matters.
    static func counts(_ name: String) -> Bool {
        !(name.isEmpty || name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp"))
    }

    /// The name of an entry to watch, or nil. A name that is not UTF-8 is not watched
    /// (H-5): no text names that file, and its decoded spelling could name another. The
    /// loader refuses a mod holding one; its coming and going changes the folder, which
    /// is watched.
    static func name(_ bytes: PathBytes) -> String? {
        guard let name = bytes.text, counts(name) else { return nil }
        return name
    }

    private struct Info {
        var kind: FileStatus.Kind
        var stamp: Stamp
        var isFolder: Bool { kind == .directory }
        var isFile: Bool { kind == .regular }
    }

    private static func status(_ path: String) -> Info? {
        guard let info = try? FileSystem.linkStatus(path) else { return nil }
        return Info(kind: info.kind, stamp: Stamp(size: Int64(info.size), modified: info.modified))
    }

    // MARK: - inotify

    private func addWatch(_ folder: String) {
        #if os(Linux)
        guard let kernel = inotify else { return }
        let events: Inotify.Events = [.modified, .closedAfterWriting, .created, .deleted, .movedFrom, .movedTo, .attributesChanged,
                                      .deletedItself, .movedItself, .onlyDirectory]
        if let watch = kernel.watch(folder, for: events) {
            watches[watch] = folder
        } else {
            // Out of watches (ENOSPC) or refused: poll instead, from now on.
            try? kernel.descriptor.close()
            inotify = nil
            watches.removeAll()
        }
        #endif
    }

    private func drainEvents() -> Bool {
        #if os(Linux)
        guard let kernel = inotify else { return false }
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var newFolders: [String] = []
        while true {
            let count = (try? kernel.descriptor.read(into: &buffer)) ?? -1
            guard count > 0 else { break }
            for event in Inotify.events(in: buffer, count: count) {
                let (watch, mask) = (event.watch, event.events)
                let bytes = PathBytes(bytes: event.name)
                if mask.contains(.queueOverflowed) { changed = true; continue }
                if mask.contains(.ignored) { watches[watch] = nil; continue }
                if !mask.isDisjoint(with: [.deletedItself, .movedItself]) { changed = true; continue }
                guard let folder = watches[watch] else { continue }
                guard let name = Self.name(bytes) else {
                    // Not UTF-8: a change all the same (the mod no longer loads), not walked.
                    if bytes.text == nil && Self.counts(String(decoding: bytes.bytes, as: UTF8.self)) { changed = true }
                    continue
                }
                changed = true
                if mask.contains(.isDirectory) && !mask.isDisjoint(with: [.created, .movedTo]) {
                    newFolders.append(folder + "/" + name)
                }
            }
        }
        for folder in newFolders where folderStamps.count < Self.maximumFolders {
            let depth = folder.split(separator: "/").count - (folders.first.map { $0.split(separator: "/").count } ?? 0)
            walk(folder, depth: max(depth, 1))
        }
        return changed
        #else
        return false
        #endif
    }

    // MARK: - Polling

    /// Compares the stamps of the folders and files found; a folder whose stamp changed
    /// (an entry added or removed) is read again, within the same bounds.
    private func rescan() -> Bool {
        var changed = false
        for (path, stamp) in fileStamps where Self.status(path)?.stamp != stamp {
            changed = true
            if let fresh = Self.status(path), fresh.isFile { fileStamps[path] = fresh.stamp } else { fileStamps[path] = nil }
        }
        for (folder, stamp) in folderStamps {
            guard let fresh = Self.status(folder), fresh.isFolder else {
                folderStamps[folder] = nil
                changed = true
                continue
            }
            guard fresh.stamp != stamp else { continue }
            changed = true
            folderStamps[folder] = fresh.stamp
            rereadFiles(of: folder)
        }
        return changed
    }

    /// Reads `folder`'s entries again (bounded) for files added to it.
    private func rereadFiles(of folder: String) {
        guard let names = try? Directory.names(in: PathBytes(folder), limit: Self.maximumEntries) else { return }
        for bytes in names {
            guard let name = Self.name(bytes) else { continue }
            let path = folder + "/" + name
            if fileStamps[path] == nil, fileStamps.count < Self.maximumFiles, let item = Self.status(path), item.isFile {
                fileStamps[path] = item.stamp
            }
        }
    }
}
