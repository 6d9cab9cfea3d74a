import HanJulSystem
import HanJulCodec

/// HanJul's versioned, checksummed container for saved data (D-3).
///
/// ```text
/// HANJUL scores 2\n
/// {"entries":[{"name":"ana","score":1200}]}\n
/// sha256 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08\n
/// ```
///
/// The first line names the kind of data and the version of its payload
/// schema; the payload is compact JSON (one line); the last line is the
/// SHA-256 of everything before it (header and payload). A file truncated
/// at any byte, or with any bit flipped, fails the check and reads as
/// ``ReadError/corrupt(_:)``: a flipped version digit cannot pass as a newer
/// version, because the header is covered too.
public enum RecordFile {
    /// The magic word that starts every HanJul record file.
    public static let magic = "HANJUL"
    /// The default size limit for reading, 16 MiB.
    public static let defaultMaxBytes = 16 << 20
    /// Length of the trailer `\nsha256 <64 hex>\n`.
    static let trailerLength = 1 + 7 + 64 + 1

    /// A decoded file.
    public struct Record: Sendable, Equatable {
        /// The kind named in the header, e.g. "scores".
        public var kind: String
        /// The payload schema version named in the header.
        public var version: Int
        /// The payload.
        public var payload: JSON

        /// Creates a record.
        public init(kind: String, version: Int, payload: JSON) {
            self.kind = kind
            self.version = version
            self.payload = payload
        }
    }

    /// Why a record file could not be used.
    public enum ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        /// There is no file (a first run).
        case missing
        /// The file is damaged or is not a HanJul file; the reason says how.
        case corrupt(String)
        /// The file is intact but was written by a newer HanJul.
        case newerVersion(found: Int, supported: Int)
        /// The file is intact but holds another kind of data.
        case wrongKind(found: String, expected: String)
        /// The file could not be read (permissions, a FIFO, a symbolic link, I/O error).
        case unreadable(FileError)

        /// A readable explanation.
        public var description: String {
            switch self {
            case .missing: return "the file does not exist"
            case .corrupt(let reason): return "the file is damaged: \(reason)"
            case .newerVersion(let found, let supported):
                return "the file was created by a newer version of HanJul (format \(found); this version reads up to \(supported))"
            case .wrongKind(let found, let expected):
                return "the file holds \(found) data, not \(expected)"
            case .unreadable(let error): return error.description
            }
        }
    }

    /// True if `kind` is a valid kind name: 1–32 of `a-z 0-9 _ -`.
    public static func isValidKind(_ kind: String) -> Bool {
        !kind.isEmpty && kind.utf8.count <= 32 && kind.utf8.allSatisfy { b in
            (0x61...0x7A).contains(b) || (0x30...0x39).contains(b) || b == 0x5F || b == 0x2D
        }
    }

    /// The bytes of a record file.
    ///
    /// - Precondition: `kind` is valid (``isValidKind(_:)``) and `version >= 0`.
    /// - Throws: ``JSONError`` if the payload holds NaN or an infinity.
    /// - Complexity: O(*n*) in the payload size.
    public static func encode(_ payload: JSON, kind: String, version: Int) throws(JSONError) -> [UInt8] {
        precondition(isValidKind(kind), "invalid record kind \(kind)")
        precondition(version >= 0, "negative record version")
        var bytes = Array("\(magic) \(kind) \(version)\n".utf8)
        bytes.append(contentsOf: try payload.serialized())
        let digest = SHA256.hexDigest(of: bytes)
        bytes.append(contentsOf: "\nsha256 \(digest)\n".utf8)
        return bytes
    }

    /// Decodes and checks record bytes.
    ///
    /// Checks, in order: the magic, the checksum, the header, the kind, the
    /// version (older versions are returned for the caller to migrate), and
    /// the payload's JSON.
    ///
    /// - Complexity: O(*n*) in the size of `bytes`.
    public static func decode(
        _ bytes: [UInt8], kind: String, supportedVersion: Int
    ) throws(ReadError) -> Record {
        if bytes.isEmpty { throw .corrupt("the file is empty") }
        let magicBytes = Array((magic + " ").utf8)
        guard bytes.starts(with: magicBytes) else { throw .corrupt("it is not a HanJul file (no \(magic) header)") }
        guard bytes.count >= magicBytes.count + trailerLength + 4 else {
            throw .corrupt("the file is cut short (\(bytes.count) bytes)")
        }
        let bodyEnd = bytes.count - trailerLength
        let trailer = bytes[bodyEnd...]
        let trailerPrefix = Array("\nsha256 ".utf8)
        guard trailer.starts(with: trailerPrefix), trailer.last == 0x0A else {
            throw .corrupt("the checksum line is missing; the file is probably cut short")
        }
        let storedDigest = String(decoding: trailer.dropFirst(trailerPrefix.count).dropLast(), as: UTF8.self)
        let actualDigest = SHA256.hexDigest(of: bytes[..<bodyEnd])
        guard storedDigest == actualDigest else {
            throw .corrupt("the checksum does not match; the file was cut short or damaged")
        }
        guard let newline = bytes[..<bodyEnd].firstIndex(of: 0x0A) else {
            throw .corrupt("the header line is not terminated")
        }
        let fields = bytes[magicBytes.count..<newline].split(separator: 0x20, omittingEmptySubsequences: false)
        guard fields.count == 2 else { throw .corrupt("the header line is malformed") }
        let foundKind = String(decoding: fields[0], as: UTF8.self)
        let versionText = fields[1]
        guard isValidKind(foundKind),
            !versionText.isEmpty, versionText.count <= 9,
            versionText.allSatisfy({ (0x30...0x39).contains($0) }),
            let version = Int(String(decoding: versionText, as: UTF8.self))
        else { throw .corrupt("the header line is malformed") }
        guard foundKind == kind else { throw .wrongKind(found: foundKind, expected: kind) }
        guard version <= supportedVersion else { throw .newerVersion(found: version, supported: supportedVersion) }
        let payload: JSON
        do throws(JSONError) {
            payload = try JSON.parse(Array(bytes[(newline + 1)..<bodyEnd]), maxBytes: bytes.count)
        } catch {
            throw .corrupt("the data is not valid JSON (\(error))")
        }
        return Record(kind: foundKind, version: version, payload: payload)
    }

    /// Reads and checks a record file with ``SafeFile/read(_:maxBytes:)``.
    ///
    /// A file over `maxBytes` reads as ``ReadError/corrupt(_:)`` (no HanJul
    /// file is that large); a symbolic link, FIFO, folder or I/O error as
    /// ``ReadError/unreadable(_:)``.
    ///
    /// - Complexity: O(*n*) in the file size.
    public static func read(
        _ path: String, kind: String, supportedVersion: Int, maxBytes: Int = defaultMaxBytes
    ) throws(ReadError) -> Record {
        try read(PathBytes(path), named: path, kind: kind, supportedVersion: supportedVersion, maxBytes: maxBytes)
    }

    /// ``read(_:kind:supportedVersion:maxBytes:)`` of the file whose name is these bytes.
    public static func read(
        _ path: PathBytes, kind: String, supportedVersion: Int, maxBytes: Int = defaultMaxBytes
    ) throws(ReadError) -> Record {
        try read(path, named: path.shown, kind: kind, supportedVersion: supportedVersion, maxBytes: maxBytes)
    }

    static func read(
        _ file: PathBytes, named path: String, kind: String, supportedVersion: Int, maxBytes: Int
    ) throws(ReadError) -> Record {
        let bytes: [UInt8]
        do throws(FileError) {
            bytes = try SafeFile.read(file, named: path, maxBytes: maxBytes)
        } catch {
            switch error.kind {
            case .missing: throw .missing
            case .tooLarge(let size, let limit): throw .corrupt("the file is \(size) bytes, over the \(limit)-byte limit")
            default: throw .unreadable(error)
            }
        }
        return try decode(bytes, kind: kind, supportedVersion: supportedVersion)
    }

    /// Encodes and saves a record through ``AtomicFile/write(_:to:mode:)``.
    ///
    /// - Throws: ``JSONError`` (NaN or infinity in the payload) or ``FileError``.
    /// - Complexity: O(*n*) in the payload size.
    public static func write(_ payload: JSON, kind: String, version: Int, to path: String) throws {
        try AtomicFile.write(try encode(payload, kind: kind, version: version), to: path)
    }

    /// Moves a bad file aside to `<path>.corrupt-<UTC timestamp>` and returns
    /// the new path, so the player can be told where the old data was kept
    /// (D-2). An existing file is never overwritten: the name gets `-2`, `-3`,
    /// … if needed.
    ///
    /// ```swift
    /// let kept = try RecordFile.quarantine(scoresPath)
    /// // "/home/ana/.local/share/hanjul/scores.hjr.corrupt-20250101T120000Z"
    /// ```
    ///
    /// - Complexity: a few system calls per name tried.
    public static func quarantine(_ path: String) throws(FileError) -> String {
        let base = "\(path).corrupt-\(SystemClock.utcStamp())"
        for attempt in 1...1000 {
            let candidate = attempt == 1 ? base : "\(base)-\(attempt)"
            do throws(FileError) {
                // link() refuses an existing name, so nothing is overwritten.
                try Syscall.link(path, candidate)
                try Syscall.unlink(path)
            } catch where error.errno == Errno.fileExists.rawValue {
                continue
            } catch where error.operation == .link && [Errno.operationNotPermitted, .notSupported, .tooManyLinks].map(\.rawValue).contains(error.errno ?? 0) {
                // File systems without hard links: check, then rename.
                if try Syscall.lstatIfPresent(candidate) != nil { continue }
                try Syscall.rename(path, candidate)
            }
            try? Directory.sync(PathText.parent(of: path))
            return candidate
        }
        throw FileError(path: path, operation: .rename, errno: Errno.fileExists.rawValue)
    }
}
