import HanJulSystem
import HanJulCodec

/// Read-modify-write of a ``RecordFile`` under a ``FileLock``, through
/// ``AtomicFile``: the way HanJul adds a high score, a quarantine entry or a
/// key binding without losing anything another process wrote meanwhile.
///
/// ```swift
/// let result = try DurableStore.update(scoresPath, kind: "scores", version: 1) { old in
///     var entries = old?["entries"]?.arrayValue ?? []
///     entries.append(["name": "ana", "score": 1200])
///     return ["entries": .array(entries)]
/// }
/// if let kept = result.keptAside { show(kept.playerMessage(what: "high scores")) }
/// ```
public enum DurableStore {
    /// What to do with a file written by a newer HanJul.
    public enum NewerVersionPolicy: Sendable, Equatable {
        /// Leave it untouched and throw ``RecordFile/ReadError/newerVersion(found:supported:)``
        /// (D-4: a newer file is never overwritten). The default.
        case refuse
        /// Move it aside like a corrupt file and start fresh.
        case keepAside
    }

    /// A file that was moved aside instead of being read.
    public struct KeptAside: Sendable, Equatable {
        /// Where the file was.
        public var originalPath: String
        /// Where it is now.
        public var keptPath: String
        /// Why it could not be used.
        public var reason: RecordFile.ReadError

        /// The line to show the player, e.g. "your high scores file could not
        /// be read (the file is damaged: …); it was kept at /x.corrupt-… and a
        /// new one was started".
        public func playerMessage(what: String) -> String {
            "your \(what) file could not be read (\(reason)); it was kept at \(keptPath) and a new one was started"
        }
    }

    /// The outcome of an update.
    public struct UpdateResult: Sendable, Equatable {
        /// The payload that was written.
        public var value: JSON
        /// The version the file had before, if it existed and was readable.
        public var previousVersion: Int?
        /// A bad file that was moved aside, if any.
        public var keptAside: KeptAside?
        /// A copy of an older-version file made before it was first rewritten (D-4).
        public var backupPath: String?
    }

    /// Locks `path`, reads it, applies `transform`, and writes the result atomically.
    ///
    /// - A missing file gives `transform` `nil`.
    /// - A corrupt file (or one over `maxBytes`) is moved aside with
    ///   ``RecordFile/quarantine(_:)``, `transform` gets `nil`, and the result
    ///   says where the old file was kept.
    /// - A newer-version file follows `onNewerVersion`.
    /// - An older-version file is copied to `<path>.v<old>-backup` (unless that
    ///   exists) before it is rewritten; `transform` gets its payload to migrate.
    /// - An unreadable file (permissions, a symbolic link, a FIFO) throws, and
    ///   nothing is written.
    ///
    /// Stale temporary files of killed writers are removed while the lock is held.
    ///
    /// - Throws: ``FileError``, ``RecordFile/ReadError``, ``JSONError``, or what `transform` throws.
    /// - Complexity: O(*n*) in the file size, plus two `fsync`s.
    @discardableResult
    public static func update(
        _ path: String, kind: String, version: Int,
        maxBytes: Int = RecordFile.defaultMaxBytes,
        onNewerVersion: NewerVersionPolicy = .refuse,
        transform: (JSON?) throws -> JSON
    ) throws -> UpdateResult {
        try FileLock.withLock(for: path) {
            AtomicFile.removeStaleTemporaries(for: path)
            var keptAside: KeptAside?
            var backupPath: String?
            var old: RecordFile.Record?
            do throws(RecordFile.ReadError) {
                old = try RecordFile.read(path, kind: kind, supportedVersion: version, maxBytes: maxBytes)
            } catch {
                switch error {
                case .missing:
                    old = nil
                case .corrupt, .wrongKind:
                    keptAside = KeptAside(originalPath: path, keptPath: try RecordFile.quarantine(path), reason: error)
                case .newerVersion:
                    guard onNewerVersion == .keepAside else { throw error }
                    keptAside = KeptAside(originalPath: path, keptPath: try RecordFile.quarantine(path), reason: error)
                case .unreadable:
                    throw error
                }
            }
            if let old, old.version < version {
                let backup = "\(path).v\(old.version)-backup"
                if try Syscall.lstatIfPresent(backup) == nil {
                    try AtomicFile.write(try RecordFile.encode(old.payload, kind: kind, version: old.version), to: backup)
                }
                backupPath = backup
            }
            let new = try transform(old?.payload)
            try RecordFile.write(new, kind: kind, version: version, to: path)
            return UpdateResult(value: new, previousVersion: old?.version, keptAside: keptAside, backupPath: backupPath)
        }
    }

    /// Reads a record file without changing anything (for display, or for a
    /// newer-version file opened read-only).
    ///
    /// - Complexity: O(*n*) in the file size.
    public static func load(
        _ path: String, kind: String, version: Int, maxBytes: Int = RecordFile.defaultMaxBytes
    ) throws(RecordFile.ReadError) -> RecordFile.Record? {
        do {
            return try RecordFile.read(path, kind: kind, supportedVersion: version, maxBytes: maxBytes)
        } catch .missing {
            return nil
        }
    }
}
