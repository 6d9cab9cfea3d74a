import HanJulCore
import HanJulFiles
import HanJulCodec
import HanJulText

/// The replay file format (docs/REPLAY.md): a `RecordFile` of kind `replay`, version 1 or 2,
/// whose JSON payload holds the engine version, the rules lockfile, the piece source,
/// the timed action stream and the checkpoints.
public enum ReplayFile {
    public static let kind = "replay"
    /// The newest format version this HanJul reads and writes. Version 2 added the `W<ms>`
    /// and `F` actions; a replay without them is written as version 1, so older HanJul
    /// versions still read it.
    public static let version = 2

    /// The longest mod version a replay may name, in scalars.
    public static let maxVersionScalars = 3_100

    /// The oldest format version that can hold `actions`.
    public static func version(for actions: [Action]) -> Int {
        for action in actions {
            switch action {
            case .wait, .rotateHalfTurn: return 2
            default: continue
            }
        }
        return 1
    }
    /// The engine's behaviour version (``HanJulVersion/engine``, the one source): bumped when
    /// a rule of the engine changes, so old replays are flagged instead of failing mysteriously.
    public static let engineVersion = HanJulVersion.engine
    /// Replays larger than this are refused (a 10-hour game at 20 actions a second is ~6 MB).
    public static let maxBytes = 64 << 20

    /// Why a replay could not be read.
    public enum ReadError: Error, Equatable, Sendable, CustomStringConvertible {
        case file(RecordFile.ReadError)
        /// The file is intact but a field is missing or wrong.
        case malformed(String)
        /// Recorded by an engine whose rules differ from this one.
        case newerEngine(found: Int, supported: Int)

        public var description: String {
            switch self {
            case .file(let error): "\(error)"
            case .malformed(let reason): "the replay is malformed: \(reason)"
            case .newerEngine(let found, let supported):
                "the replay was recorded by a newer engine (version \(found); this HanJul plays version \(supported))"
            }
        }
    }

    /// The replay as JSON.
    public static func payload(_ replay: Replay) -> JSON {
        var source: [JSON.Member] = []
        switch replay.source {
        case .seeded(let seed): source.append(.init("seed", .string(String(seed))))
        case .sequence(let kinds): source.append(.init("sequence", .array(kinds.map { .integer(Int64($0)) })))
        }
        let mods: [JSON] = replay.rules.mods.map {
            .object([.init("id", .string($0.id)), .init("version", .string($0.version)), .init("sha256", .string($0.sha256))])
        }
        let checkpoints: [JSON] = replay.checkpoints.map { c in
            .array([.integer(Int64(c.action)), .integer(Int64(c.piecesLocked)), .integer(Int64(c.score)),
                    .integer(Int64(c.lines)), .integer(Int64(c.level)), .bool(c.isOver), .string(hex(c.checksum))])
        }
        var members: [JSON.Member] = [
            .init("hanjul", .string(HanJulVersion.release)),
            .init("engine", .integer(Int64(engineVersion))),
            .init("rules", .object([.init("name", .string(replay.rules.name)), .init("mods", .array(mods))])),
            .init("source", .object(source)),
            .init("actions", .string(ActionScript.text(of: replay.actions))),
            .init("times", .array(replay.times.map { .integer(Int64($0)) })),
            .init("checkpoint_interval", .integer(Int64(replay.checkpointInterval))),
            .init("checkpoints", .array(checkpoints)),
        ]
        // Only games whose mods were hot-reloaded carry the field.
        if !replay.reloads.isEmpty {
            members.append(.init("reloads", .array(replay.reloads.map { .integer(Int64($0)) })))
        }
        return .object(members)
    }

    /// The file's bytes.
    public static func encode(_ replay: Replay) -> [UInt8] {
        // The payload holds no floating-point numbers, so encoding cannot fail.
        (try? RecordFile.encode(payload(replay), kind: kind, version: version(for: replay.actions))) ?? []
    }

    /// Saves a replay atomically.
    public static func write(_ replay: Replay, to path: String) throws(FileError) {
        try AtomicFile.write(encode(replay), to: path)
    }

    /// Saves a replay to a path the user named (`--save-replay`, `--record`), by the rule
    /// of ``OutputFile``: `-` is standard output, links are followed, FIFOs and devices
    /// written through, and the folder must exist.
    public static func write(_ replay: Replay, toOutput path: String) throws(FileError) {
        try OutputFile.write(encode(replay), to: path)
    }

    /// Reads and checks a replay file.
    public static func read(_ path: String) throws(ReadError) -> Replay {
        let record: RecordFile.Record
        do throws(RecordFile.ReadError) {
            record = try RecordFile.read(path, kind: kind, supportedVersion: version, maxBytes: maxBytes)
        } catch {
            throw .file(error)
        }
        return try decode(record.payload)
    }

    /// Reads and checks the replay file whose name is these bytes (one listed from the
    /// replays folder, whatever its name holds: RELIABILITY H-5).
    public static func read(_ path: PathBytes) throws(ReadError) -> Replay {
        let record: RecordFile.Record
        do throws(RecordFile.ReadError) {
            record = try RecordFile.read(path, kind: kind, supportedVersion: version, maxBytes: maxBytes)
        } catch {
            throw .file(error)
        }
        return try decode(record.payload)
    }

    /// Reads a replay from its file bytes.
    public static func decode(bytes: [UInt8]) throws(ReadError) -> Replay {
        let record: RecordFile.Record
        do throws(RecordFile.ReadError) {
            record = try RecordFile.decode(bytes, kind: kind, supportedVersion: version)
        } catch {
            throw .file(error)
        }
        return try decode(record.payload)
    }

    /// A replay from its JSON payload, checking every field.
    public static func decode(_ json: JSON) throws(ReadError) -> Replay {
        guard let engine = json["engine"]?.integerValue else { throw .malformed("no engine version") }
        guard engine <= engineVersion else { throw .newerEngine(found: Int(engine), supported: engineVersion) }
        guard engine >= 1 else { throw .malformed("engine version \(engine) is not one (engine versions start at 1)") }
        guard let rulesName = json["rules"]?["name"]?.stringValue, let modList = json["rules"]?["mods"]?.arrayValue else {
            throw .malformed("no rules")
        }
        var mods: [RulesIdentity.Mod] = []
        for mod in modList {
            guard let id = mod["id"]?.stringValue, let version = mod["version"]?.stringValue,
                  let sha = mod["sha256"]?.stringValue else { throw .malformed("a mod entry lacks id, version or sha256") }
            // The same rules as for the mods themselves (ModPackage, LoadedMod), so what is
            // printed from here is an id, a short version and a hash, never arbitrary text.
            guard isModID(id) else { throw .malformed("mod \(mods.count + 1)'s id is not a mod id (1 to 32 of a-z, 0-9, _ and -)") }
            // Whatever a manifest's version becomes (`visible(_, limit: 300)`: up to 300
            // characters, each at most a ten-character escape) reads back (H-4).
            guard !version.isEmpty, version.unicodeScalars.count <= Self.maxVersionScalars, visible(version) == version else {
                throw .malformed("mod '\(id)' has a version that is empty, too long, or holds control characters")
            }
            guard sha.utf8.count == 64, sha.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
                throw .malformed("mod '\(id)' has a sha256 that is not 64 lowercase hex digits")
            }
            mods.append(.init(id: id, version: version, sha256: sha))
        }
        let expectedName = mods.isEmpty ? nil : mods.map(\.id).joined(separator: "+")
        guard rulesName == expectedName || (mods.isEmpty && isRulesName(rulesName)) else {
            throw .malformed(mods.isEmpty
                ? "the rules name is not a name (1 to 64 of a-z, 0-9, _, - and +)"
                : "the rules name is not the mods' ids joined by '+' (\(expectedName ?? ""))")
        }
        let source: PieceSource
        if let seed = json["source"]?["seed"]?.stringValue {
            guard let value = UInt64(seed) else { throw .malformed("seed '\(seed)' is not a number") }
            source = .seeded(value)
        } else if let kinds = json["source"]?["sequence"]?.arrayValue {
            var sequence: [Int] = []
            for kind in kinds {
                guard let k = kind.integerValue, (0..<Int64(PieceSet.maxKinds)).contains(k) else {
                    throw .malformed("a piece in the sequence is not a kind index")
                }
                sequence.append(Int(k))
            }
            guard !sequence.isEmpty else { throw .malformed("the piece sequence is empty") }
            source = .sequence(sequence)
        } else {
            throw .malformed("no piece source (seed or sequence)")
        }
        guard let script = json["actions"]?.stringValue else { throw .malformed("no actions") }
        let actions: [Action]
        do throws(ActionScriptError) { actions = try ActionScript.parse(script, allowing: Action.allKinds) } catch {
            throw .malformed("\(error)")
        }
        guard let timeList = json["times"]?.arrayValue else { throw .malformed("no times") }
        var times: [Int] = []
        times.reserveCapacity(timeList.count)
        for time in timeList {
            guard let t = time.integerValue, t >= 0, t < Int64(Int32.max) else { throw .malformed("a time is not a count of milliseconds") }
            times.append(Int(t))
        }
        guard times.isEmpty || times.count == actions.count else {
            throw .malformed("\(times.count) times for \(actions.count) actions")
        }
        guard let interval = json["checkpoint_interval"]?.integerValue, interval >= 1, interval <= 1_000_000 else {
            throw .malformed("no checkpoint interval")
        }
        guard let checkpointList = json["checkpoints"]?.arrayValue, !checkpointList.isEmpty else {
            throw .malformed("no checkpoints")
        }
        var checkpoints: [Checkpoint] = []
        var previous = 0
        for entry in checkpointList {
            guard let a = entry[0]?.integerValue, let p = entry[1]?.integerValue, let s = entry[2]?.integerValue,
                  let l = entry[3]?.integerValue, let v = entry[4]?.integerValue, let over = entry[5]?.boolValue,
                  let sum = entry[6]?.stringValue, sum.utf8.count == 16, let checksum = UInt64(sum, radix: 16),
                  a >= previous, a <= Int64(actions.count), p >= 0, p <= a, l >= 0, v >= 0
            else { throw .malformed("checkpoint \(checkpoints.count + 1) is not [action, pieces, score, lines, level, over, checksum]") }
            previous = Int(a)
            checkpoints.append(Checkpoint(action: Int(a), piecesLocked: Int(p), score: Int(s), lines: Int(l),
                                          level: Int(v), isOver: over, checksum: checksum))
        }
        guard checkpoints.last?.action == actions.count else { throw .malformed("the last checkpoint is not at the end") }
        var reloads: [Int] = []
        if let list = json["reloads"] {
            guard let items = list.arrayValue else { throw .malformed("reloads is not a list") }
            for item in items {
                guard let at = item.integerValue, at >= Int64(reloads.last ?? 0), at <= Int64(actions.count) else {
                    throw .malformed("a reload is not an action index (in order)")
                }
                reloads.append(Int(at))
            }
        }
        return Replay(rules: RulesIdentity(name: rulesName, mods: mods), source: source, actions: actions,
                      times: times, checkpointInterval: Int(interval), checkpoints: checkpoints, reloads: reloads)
    }

    /// A mod id: 1–32 of `a-z 0-9 _ -`, not starting with `_` or `-` (as `ModPackage`).
    static func isModID(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        guard (1...32).contains(bytes.count), bytes[0] != UInt8(ascii: "-"), bytes[0] != UInt8(ascii: "_") else { return false }
        return bytes.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F || $0 == 0x2D }
    }

    /// A built-in rule set's name (`standard`, `uniform`): the characters of ids and `+`.
    static func isRulesName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        return (1...64).contains(bytes.count) && bytes.allSatisfy {
            (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F || $0 == 0x2D || $0 == 0x2B
        }
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension Replay {
    /// What in this replay the rules it is played under cannot mean (#15 item 14): a
    /// dealt kind the piece set does not have, an action the rules do not allow. `nil`
    /// when it fits them; otherwise one sentence, for
    /// `hanjul replay` and the golden replays of `hanjul check`.
    public func problem(under rules: some Rules) -> String? {
        if case .sequence(let kinds) = source, let bad = kinds.first(where: { $0 >= rules.pieces.count }) {
            let letters = rules.pieces.kinds.map { String($0.letter) }.joined()
            return "it deals piece kind \(bad), but the rules '\(rules.name)' have \(rules.pieces.count) kinds (0 to \(rules.pieces.count - 1): \(letters))"
        }
        let allowed = rules.actions
        if let index = actions.firstIndex(where: { !allowed.contains($0.kind) }) {
            return "action \(index + 1) is '\(actions[index].letter)', which the rules '\(rules.name)' do not have (they allow \(allowed.map { String($0.letter) }.sorted().joined()))"
        }
        return nil
    }
}
