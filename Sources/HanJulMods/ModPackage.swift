import HanJulSystem
import HanJulFiles
import HanJulCodec
import HanJulText

/// A mod's folder read into memory once: every file's bytes and one SHA-256 over them.
///
/// The bytes hashed are the bytes compiled (RELIABILITY L-42): nothing is read from disk
/// again after this, so a file cannot change between the check and the load.
public struct ModPackage: Sendable {
    /// The folder's name, which is the mod's id.
    public let id: String
    /// The folder, as found on the search path.
    public let folder: String
    /// Each file's path relative to the folder (`/`-separated) and its bytes.
    public let files: [String: [UInt8]]
    /// Hex SHA-256 over the files that make the rules (all but `tests/…`), in path order:
    /// for each, the path, a NUL, the length as 8 little-endian bytes, then the bytes.
    public let sha256: String

    /// The limits a mod's folder must keep to; anything larger is refused with a reason.
    public static let maxFiles = 256, maxFileBytes = 1 << 20, maxTotalBytes = 8 << 20, maxDepth = 4
    /// Folders inside the mod's folder, at every depth: each is read on load (and walked
    /// by the play screen's hot-reload watcher), so they count like files (#15 item 5).
    public static let maxFolders = 64

    /// Reads a mod's folder.
    /// - Throws: `ModLoadError.package` naming the file at fault.
    public init(folder: String) throws(ModLoadError) {
        let name = String(folder.split(separator: "/").last ?? Substring(folder))
        guard ModPackage.isValidID(name) else {
            throw .package(folder: folder, reason: "the folder name '\(visible(name, limit: 200))' is not a mod id (use a-z, 0-9, _ and -, at most 32)")
        }
        let info: FileStatus
        do throws(Errno) { info = try FileStatus.ofLink(atPath: folder) } catch {
            throw .package(folder: folder, reason: "cannot open it: \(error.text)")
        }
        guard info.kind == .directory else {
            throw .package(folder: folder, reason: info.kind == .symbolicLink
                ? "it is a symbolic link; put the mod's folder itself on the search path" : "it is not a folder")
        }
        var files: [String: [UInt8]] = [:]
        var total = 0, folders = 0
        try ModPackage.collect(folder: folder, relative: "", depth: 0, into: &files, total: &total, folders: &folders, root: folder)
        guard files["mod.lua"] != nil else {
            throw .package(folder: folder, reason: "there is no mod.lua in the folder")
        }
        self.init(id: name, folder: folder, files: files)
    }

    /// A package from files already in memory (tests and fuzzing: no disk involved).
    /// - Precondition: `id` is a valid id and `files` holds `mod.lua`.
    public init(id name: String, folder: String, files: [String: [UInt8]]) {
        precondition(ModPackage.isValidID(name) && files["mod.lua"] != nil, "invalid in-memory mod package")
        var hash = SHA256()
        // The mod's own tests (tests/…) do not change its rules, so they are not hashed:
        // editing a test must not invalidate every replay recorded under the mod.
        for path in files.keys.sorted() where !path.hasPrefix("tests/") {
            let bytes = files[path]!
            hash.update(Array(path.utf8) + [0])
            var length = UInt64(bytes.count).littleEndian
            withUnsafeBytes(of: &length) { hash.update($0) }
            hash.update(bytes)
        }
        self.id = name
        self.folder = folder
        self.files = files
        self.sha256 = hash.finalize().map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
        }.joined()
    }

    /// Whether `id` is a valid mod id: 1–32 of `a-z 0-9 _ -`, starting with a letter or digit.
    public static func isValidID(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard (1...32).contains(bytes.count), bytes[0] != UInt8(ascii: "-"), bytes[0] != UInt8(ascii: "_") else { return false }
        return bytes.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F || $0 == 0x2D }
    }

    private static func collect(folder: String, relative: String, depth: Int, into files: inout [String: [UInt8]],
                                total: inout Int, folders: inout Int, root: String) throws(ModLoadError) {
        guard depth <= maxDepth else {
            throw .package(folder: root, reason: "'\(relative)' is nested deeper than \(maxDepth) folders")
        }
        let listed: [PathBytes]
        do throws(FileError) {
            listed = try Directory.names(in: PathBytes(folder), limit: maxFiles + 1)
        } catch {
            let reason = error.errno.map { Errno(rawValue: $0).text } ?? error.reason
            throw .package(folder: root, reason: "cannot open '\(relative.isEmpty ? "." : relative)': \(reason)")
        }
        if listed.count > maxFiles { throw .package(folder: root, reason: "more than \(maxFiles) entries") }
        for bytes in listed.sorted() {
            // A name that is not UTF-8 is refused by its bytes (H-5), never looked up by a
            // decoded spelling that could name another file.
            guard let name = bytes.text, isSafeName(name) else {
                let shown = (relative.isEmpty ? "" : visible(relative) + "/") + bytes.shown
                throw .package(folder: root, reason: "the file name '\(visible(shown, limit: 200))' has characters other than letters, digits, . _ and -")
            }
            let path = relative.isEmpty ? name : relative + "/" + name
            if name.hasPrefix(".") { continue }  // editor swap files, .git: not part of the mod
            let info: FileStatus
            do throws(Errno) { info = try FileStatus.ofLink(atPath: folder + "/" + name) } catch {
                throw .package(folder: root, reason: "cannot read '\(path)': \(error.text)")
            }
            switch info.kind {
            case .directory:
                folders += 1
                guard folders <= maxFolders else { throw .package(folder: root, reason: "more than \(maxFolders) folders") }
                try collect(folder: folder + "/" + name, relative: path, depth: depth + 1, into: &files, total: &total,
                            folders: &folders, root: root)
            case .regular:
                guard files.count < maxFiles else { throw .package(folder: root, reason: "more than \(maxFiles) files") }
                let bytes: [UInt8]
                do throws(FileError) {
                    bytes = try SafeFile.read(folder + "/" + name, maxBytes: maxFileBytes)
                } catch {
                    throw .package(folder: root, reason: "'\(path)': \(error.reason)")
                }
                total += bytes.count
                guard total <= maxTotalBytes else {
                    throw .package(folder: root, reason: "the files add up to more than \(maxTotalBytes >> 20) MiB")
                }
                files[path] = bytes
            case .symbolicLink:
                throw .package(folder: root, reason: "'\(path)' is a symbolic link; mods may only hold regular files")
            default:
                throw .package(folder: root, reason: "'\(path)' is not a regular file or folder")
            }
        }
    }

    private static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 128 && name.utf8.allSatisfy {
            (0x61...0x7A).contains($0) || (0x41...0x5A).contains($0) || (0x30...0x39).contains($0)
                || $0 == 0x2E || $0 == 0x5F || $0 == 0x2D
        }
    }
}
