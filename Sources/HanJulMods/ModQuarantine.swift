import HanJulSystem
import HanJulFiles
import HanJulCodec
import HanJulText

/// Mods the watchdog caught hanging (RELIABILITY L-24), kept in
/// `$XDG_STATE_HOME/hanjul/quarantine` (state, not data: `~/.local/state/hanjul` by
/// default; a ``RecordFile`` of kind `quarantine`, written through ``DurableStore`` under a
/// lock, atomically). Entries in the file earlier versions kept in the data folder
/// (`$XDG_DATA_HOME/hanjul/quarantine`) still count, so an upgrade re-enables nothing;
/// `--trust` removes an id from both.
///
/// An entry names a mod id **and** the SHA-256 of its files: a changed mod (a new
/// version, a fix) is a different mod and loads again. `hanjul mods --trust ID` removes
/// the entries of `ID`; deleting the file removes them all.
///
/// ```swift
/// let quarantine = ModQuarantine(paths: try AppPaths.current())
/// if let entry = quarantine.entry(for: package) { refuse(entry.refusal) }
/// ```
public struct ModQuarantine: Sendable {
    /// The file's record kind and payload version.
    public static let kind = "quarantine", version = 1

    /// One quarantined mod.
    public struct Entry: Sendable, Hashable {
        public var id: String
        public var sha256: String
        /// Why, e.g. "hung for more than 2 s in on_spawn".
        public var reason: String
        /// When, in seconds since 1970 (UTC).
        public var time: Int64

        public init(id: String, sha256: String, reason: String, time: Int64) {
            self.id = id
            self.sha256 = sha256
            self.reason = reason
            self.time = time
        }

        /// The message that refuses the mod and says how to re-enable it.
        public var refusal: String {
            "mod '\(visible(id, limit: 40))' is quarantined: it \(visible(reason, limit: 120)) (sha256 \(sha256.prefix(16))…). "
                + "If you trust it, re-enable it with: hanjul mods --trust \(visible(id, limit: 40))"
        }
    }

    /// The quarantine file.
    public let path: String
    /// Older quarantine files that are still read (and cleared by `trust`), never added to.
    public let legacyPaths: [String]

    public init(path: String, legacyPaths: [String] = []) {
        self.path = path
        self.legacyPaths = legacyPaths.filter { $0 != path }
    }

    /// The quarantine file in the user's state folder, and the data folder's from before.
    public init(paths: AppPaths) { self.init(path: paths.stateFile("quarantine"), legacyPaths: [paths.dataFile("quarantine")]) }

    /// Every entry. A missing file has none; a damaged or unreadable one is read as none
    /// (the next write keeps the damaged file aside; it is never silently overwritten).
    /// De-duplicated through a set, so a file of many entries costs linear time (H-6).
    public func entries() -> [Entry] {
        var all: [Entry] = []
        var seen = Set<Entry>()
        for file in [path] + legacyPaths {
            guard let record = try? DurableStore.load(file, kind: Self.kind, version: Self.version) else { continue }
            for entry in Self.decode(record.payload) where seen.insert(entry).inserted { all.append(entry) }
        }
        return all
    }

    /// The entry that quarantines exactly this package (same id and hash), if any.
    public func entry(for package: ModPackage) -> Entry? {
        Self.index(entries())[Key(id: package.id, sha256: package.sha256)]
    }

    /// A package's identity in the quarantine.
    public struct Key: Hashable, Sendable {
        public var id: String
        public var sha256: String
    }

    /// `entries` by package, the first entry of each kept: one lookup per package, whatever
    /// the file holds.
    public static func index(_ entries: [Entry]) -> [Key: Entry] {
        var index: [Key: Entry] = [:]
        for entry in entries where index[Key(id: entry.id, sha256: entry.sha256)] == nil {
            index[Key(id: entry.id, sha256: entry.sha256)] = entry
        }
        return index
    }

    /// The most entries a quarantine file keeps (the newest): a mod is quarantined when it
    /// hangs, so even a busy author's file stays far below it (H-6).
    public static let maxEntries = 1000

    /// Adds an entry (replacing one for the same id and hash).
    public func add(_ entry: Entry) throws {
        try DurableStore.update(path, kind: Self.kind, version: Self.version, onNewerVersion: .refuse) { old in
            var entries = old.map(Self.decode) ?? []
            entries.removeAll { $0.id == entry.id && $0.sha256 == entry.sha256 }
            entries.append(entry)
            return Self.encode(entries.suffix(Self.maxEntries))
        }
    }

    /// Removes every entry of mod `id`; returns how many there were. Writes nothing when
    /// there were none.
    @discardableResult
    public func trust(id: String) throws -> Int {
        var removed = 0
        for file in [path] + legacyPaths {
            guard let record = try? DurableStore.load(file, kind: Self.kind, version: Self.version),
                  Self.decode(record.payload).contains(where: { $0.id == id }) else { continue }
            try DurableStore.update(file, kind: Self.kind, version: Self.version, onNewerVersion: .refuse) { old in
                var entries = old.map(Self.decode) ?? []
                let before = entries.count
                entries.removeAll { $0.id == id }
                removed += before - entries.count
                return Self.encode(entries)
            }
        }
        return removed
    }

    static func encode(_ entries: some Collection<Entry>) -> JSON {
        ["entries": .array(entries.map { entry in
            ["id": .string(entry.id), "sha256": .string(entry.sha256), "reason": .string(entry.reason), "time": .integer(entry.time)]
        })]
    }

    static func decode(_ payload: JSON) -> [Entry] {
        (payload["entries"]?.arrayValue ?? []).compactMap { item in
            guard let id = item["id"]?.stringValue, let sha = item["sha256"]?.stringValue else { return nil }
            return Entry(id: id, sha256: sha, reason: item["reason"]?.stringValue ?? "hung",
                         time: item["time"]?.integerValue ?? 0)
        }
    }

    /// Seconds since 1970, for ``Entry/time``.
    public static func now() -> Int64 { SystemClock.secondsSince1970 }
}
