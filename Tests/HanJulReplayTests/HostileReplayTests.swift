import HanJulCore
import HanJulFiles
import HanJulCodec
import HanJulReplay
import Testing

/// Crafted replay files: every field is checked, and what the rules it names cannot mean
/// is refused with a reason (#15 item 14).
@Suite struct HostileReplayTests {
    static let good = ReplayFile.payload(ReplayFileTests.recorded(script: "HH").0)

    /// The good payload with `key` replaced by `value`.
    static func with(_ key: String, _ value: JSON) -> JSON {
        .object(good.objectValue!.map { $0.key == key ? .init(key, value) : $0 })
    }

    static func rules(_ name: String, _ mods: [(String, String, String)]) -> JSON {
        .object([.init("name", .string(name)), .init("mods", .array(mods.map {
            .object([.init("id", .string($0.0)), .init("version", .string($0.1)), .init("sha256", .string($0.2))])
        }))])
    }

    static let hash = String(repeating: "ab", count: 32)

    @Test(arguments: [
        ("engine", JSON.integer(-99_999_999), "engine version -99999999 is not one (engine versions start at 1)"),
        ("engine", JSON.integer(0), "engine version 0 is not one (engine versions start at 1)"),
        ("rules", rules("\u{1B}[2Jstandard", []), "the rules name is not a name (1 to 64 of a-z, 0-9, _, - and +)"),
        ("rules", rules("x", [("evil\u{1B}]0;t\u{07}", "1", hash)]), "mod 1's id is not a mod id (1 to 32 of a-z, 0-9, _ and -)"),
        ("rules", rules("m", [("m", "1\u{1B}[31m", hash)]), "mod 'm' has a version that is empty, too long, or holds control characters"),
        ("rules", rules("m", [("m", "1\u{202E}", hash)]), "mod 'm' has a version that is empty, too long, or holds control characters"),
        ("rules", rules("m", [("m", "1", "\u{1B}[2J")]), "mod 'm' has a sha256 that is not 64 lowercase hex digits"),
        ("rules", rules("other", [("m", "1", hash)]), "the rules name is not the mods' ids joined by '+' (m)"),
    ])
    func fieldsAreChecked(key: String, value: JSON, reason: String) {
        #expect(throws: ReplayFile.ReadError.malformed(reason)) { try ReplayFile.decode(Self.with(key, value)) }
    }

    /// Level 0 is a level (Master counts from 0); below it is not.
    @Test func aNegativeCheckpointLevelOrMorePiecesThanActionsIsMalformed() throws {
        for checkpoint: [JSON] in [
            [.integer(2), .integer(2), .integer(0), .integer(0), .integer(-1), .bool(false), .string("0000000000000000")],
            [.integer(2), .integer(3), .integer(0), .integer(0), .integer(1), .bool(false), .string("0000000000000000")],
            [.integer(2), .integer(2), .integer(0), .integer(0), .integer(1), .bool(false), .string("1")],
        ] {
            #expect(throws: ReplayFile.ReadError.malformed("checkpoint 1 is not [action, pieces, score, lines, level, over, checksum]")) {
                try ReplayFile.decode(Self.with("checkpoints", .array([.array(checkpoint)])))
            }
        }
    }

    @Test func kind63UnderTheStandardRulesIsRefusedWithTheReason() throws {
        let replay = try ReplayFile.decode(Self.with("source", .object([.init("sequence", .array([.integer(63)]))])))
        #expect(replay.problem(under: StandardRules())
                == "it deals piece kind 63, but the rules 'standard' have 7 kinds (0 to 6: IOTSZJL)")
    }

    @Test func anActionTheRulesLackIsRefusedWithTheReason() throws {
        var replay = ReplayFileTests.recorded(script: "HH").0
        replay.actions[1] = .hold
        #expect(replay.problem(under: StandardRules())
                == "action 2 is 'X', which the rules 'standard' do not have (they allow CDGHLRW)")
        #expect(ReplayFileTests.recorded(script: "LCHRRHGGDH").0.problem(under: StandardRules()) == nil)
    }
}
