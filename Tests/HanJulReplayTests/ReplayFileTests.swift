import HanJulCore
import HanJulFiles
import HanJulCodec
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

    struct Delayed: Rules {
        var name: String { "delayed" }
        var lockDelay: LockDelay? { .guideline }
        var allowsHalfTurn: Bool { true }
    }

    @Test func waitsAndHalfTurnsMakeAVersionTwoFileThatVerifies() throws {
        let script = "F" + String(repeating: "G", count: 19) + "W16 W500 LLH"
        var game = Game(rules: Delayed(), source: .seeded(3))
        var recorder = ReplayRecorder(rules: RulesIdentity(name: "delayed"), source: .seeded(3))
        for action in try ActionScript.parse(script, allowing: Delayed().actions) {
            game.apply(action)
            recorder.record(action, state: game.state)
        }
        #expect(game.state.piecesLocked == 2, "the wait locked one, the hard drop the other")
        let replay = recorder.finish(game.state)
        let bytes = ReplayFile.encode(replay)
        #expect(bytes.starts(with: Array("HANJUL replay 2\n".utf8)))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""actions":"FGGGGGGGGGGGGGGGGGGGW16W500LLH""#))
        let decoded = try ReplayFile.decode(bytes: bytes)
        #expect(decoded == replay)
        #expect(decoded.verify(with: Game(rules: Delayed(), source: .seeded(3))) == .match(
            checkpoints: replay.checkpoints.count, final: Checkpoint(game.state, action: replay.actions.count)))
    }

    @Test func replaysWithoutTheNewActionsStayVersionOne() {
        let bytes = ReplayFile.encode(Self.recorded().0)
        #expect(bytes.starts(with: Array("HANJUL replay 1\n".utf8)))
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
        #expect(throws: ReplayFile.ReadError.file(.newerVersion(found: 3, supported: 2))) { try ReplayFile.decode(bytes: bytes) }
    }
}
