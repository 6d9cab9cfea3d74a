import HanJulCore
import HanJulFiles
import HanJulHash
import HanJulReplay
import Testing

@Suite struct ReplayFileTests {
    /// A recorded seeded game of `count` actions.
    static func recorded(seed: UInt64 = 5, script: String = String(repeating: "LCHRRHGGDH", count: 8)) -> (Replay, GameState) {
        var game = Game(rules: StandardRules(), source: .seeded(seed))
        var recorder = ReplayRecorder(rules: .standard, source: .seeded(seed), checkpointInterval: 3)
        for (index, action) in try! ActionScript.parse(script).enumerated() {
            game.apply(action)
            recorder.record(action, after: index * 7 % 500, state: game.state)
        }
        return (recorder.finish(game.state), game.state)
    }

    @Test func roundTripThroughBytes() throws {
        let (replay, _) = Self.recorded()
        #expect(replay.checkpoints.count > 3)
        let decoded = try ReplayFile.decode(bytes: ReplayFile.encode(replay))
        #expect(decoded == replay)
    }

    @Test func sequenceSourceRoundTrips() throws {
        let replay = Replay(rules: .standard, source: .sequence([0, 6, 2]), actions: [.hardDrop],
                            checkpoints: [Checkpoint(action: 1, piecesLocked: 1, score: 36, lines: 0, level: 1, isOver: false, checksum: 42)])
        #expect(try ReplayFile.decode(bytes: ReplayFile.encode(replay)) == replay)
    }

    @Test func verifyMatchesTheGameThatMadeIt() {
        let (replay, final) = Self.recorded()
        let verdict = replay.verify(with: Game(rules: StandardRules(), source: replay.source))
        #expect(verdict == .match(checkpoints: replay.checkpoints.count, final: Checkpoint(final, action: replay.actions.count)))
    }

    @Test func verifyFindsATamperedAction() throws {
        var (replay, _) = Self.recorded()
        // Move the second piece left instead of right: every checkpoint after it differs.
        let index = 3
        replay.actions[index] = replay.actions[index] == .left ? .right : .left
        guard case .diverged(let expected, let actual) = replay.verify(with: Game(rules: StandardRules(), source: replay.source)) else {
            Issue.record("a tampered action went unnoticed")
            return
        }
        #expect(expected.action > index)
        #expect(expected.action == actual.action)
        #expect(expected.checksum != actual.checksum)
        #expect(replay.checkpoints.filter { $0.action <= index }.allSatisfy { $0.action < expected.action })
    }

    @Test func verifyFindsAnotherSeed() {
        var (replay, _) = Self.recorded()
        replay.source = .seeded(6)
        guard case .diverged = replay.verify(with: Game(rules: StandardRules(), source: replay.source)) else {
            Issue.record("a changed seed went unnoticed")
            return
        }
    }

    @Test func truncatedAtEveryLengthIsATypedError() {
        let bytes = ReplayFile.encode(Self.recorded(script: "HHLH").0)
        for length in 0..<bytes.count {
            #expect(throws: ReplayFile.ReadError.self) { try ReplayFile.decode(bytes: Array(bytes.prefix(length))) }
        }
    }

    @Test func malformedFieldsAreNamed() throws {
        let good = ReplayFile.payload(Self.recorded(script: "HH").0)
        func without(_ key: String) -> JSON {
            .object(good.objectValue!.filter { $0.key != key })
        }
        #expect(throws: ReplayFile.ReadError.malformed("no actions")) { try ReplayFile.decode(without("actions")) }
        #expect(throws: ReplayFile.ReadError.malformed("no checkpoints")) { try ReplayFile.decode(without("checkpoints")) }
        var members = good.objectValue!
        members[0] = .init("engine", .integer(99))
        #expect(throws: ReplayFile.ReadError.newerEngine(found: 99, supported: ReplayFile.engineVersion)) {
            try ReplayFile.decode(.object(members))
        }
    }

    @Test func newerFileVersionIsRefusedClearly() throws {
        let payload = ReplayFile.payload(Self.recorded(script: "H").0)
        let bytes = try RecordFile.encode(payload, kind: ReplayFile.kind, version: ReplayFile.version + 1)
        #expect(throws: ReplayFile.ReadError.file(.newerVersion(found: 2, supported: 1))) { try ReplayFile.decode(bytes: bytes) }
    }
}
