import HanJulCore
import HanJulNet
import HanJulReplay
import Testing

/// Two processes' views of one networked game, wired in-process with a delay and a clock
/// skew: they agree on the loser's game exactly and on the result; each impossible input is
/// caught with its reason.
struct NetMatchTests {
    typealias Match = NetMatch<RefereeBoards<StandardRules>>

    /// Every lock sends one line, so garbage flows both ways all game.
    static func boards(seed: UInt64 = 11) -> RefereeBoards<StandardRules> {
        let side = VersusRules(rules: StandardRules(), garbage: GarbageRules(delay: 0, cap: 4, cancels: false)) { _ in 1 }
        return RefereeBoards(sides: [side, side], seed: seed)
    }

    struct Wire {
        var queue: [(due: UInt64, message: VersusMessage)] = []
    }

    /// Plays a game: side 0 hard-drops every `every[0]` ms, side 1 every `every[1]`;
    /// messages take `latency` ms; process 1's clock runs `skew` ms behind.
    static func play(every: [UInt64], latency: UInt64 = 40, skew: UInt64 = 25, limit: UInt64 = 120_000) throws -> [Match] {
        var matches = [Match(boards: boards(), me: 0), Match(boards: boards(), me: 1)]
        var wires = [Wire(), Wire()]  // wires[i]: to process i
        var results: [VersusGameResult?] = [nil, nil]
        var wall: UInt64 = 0
        while wall < limit && results.contains(where: { $0 == nil }) {
            wall += 5
            for p in 0..<2 where results[p] == nil {
                let time = p == 1 ? wall - min(wall, skew) : wall
                matches[p].tick(at: time)
                if time > 0, time % every[p] == 0 { matches[p].local(.hardDrop, at: time) }
                if time % 250 == 0 { matches[p].heartbeat(at: time) }
                let arrived = wires[p].queue.filter { $0.due <= wall }
                wires[p].queue.removeAll { $0.due <= wall }
                for item in arrived { try matches[p].receive(item.message, wallMilliseconds: time) }
                #expect(matches[p].ignoredGarbage == nil)
                results[p] = matches[p].result
                // As hanjul versus does: a last heartbeat past the end decides it for the peer.
                if results[p] != nil { matches[p].heartbeat(at: time) }
                for message in matches[p].outbox { wires[1 - p].queue.append((wall + latency, message)) }
                matches[p].outbox = []
            }
        }
        #expect(results[0] != nil && results[1] != nil, "undecided at \(wall) ms: \(matches.map { m in (0..<2).map { (m.boards.isOver(side: $0), m.boards.clock(side: $0) / 1_000_000, m.boards.state($0).piecesLocked) } }) \(matches.map(\.peerMilliseconds)) \(matches.map(\.accepted))")
        return matches
    }

    @Test func bothProcessesAgreeOnTheLosersGameAndTheResult() throws {
        let matches = try Self.play(every: [400, 130])
        #expect(matches[0].result == .won)
        #expect(matches[1].result == .lost)
        let loser = 1
        let seen = matches.map { $0.boards.state(loser) }
        #expect(seen[0].isOver && seen[1].isOver)
        #expect(seen[0].board == seen[1].board)
        #expect(seen[0].piecesLocked == seen[1].piecesLocked && seen[0].piecesLocked > 5)
        // Garbage crossed both ways, and each side took the other's in order.
        #expect(matches[0].accepted > 0 && matches[1].accepted > 0, "\(matches.map { m in (0..<2).map { (m.boards.isOver(side: $0), m.boards.clock(side: $0) / 1_000_000, m.boards.state($0).piecesLocked, m.boards.unaccepted(side: $0)) } })")
        #expect(matches[0].boards.counters(1).received == matches[1].boards.counters(1).received)
        #expect(matches[1].boards.counters(1).received > 0)
    }

    /// #35: each process's view of the game is a match replay (announced delivery, the
    /// garbage taken where each side took it) that a referee plays to the same end.
    @Test(arguments: [([UInt64(400), 130], UInt64(40), UInt64(25)), ([120, 390], 90, 60), ([150, 160], 300, 0)])
    func eachProcessRecordsAMatchReplayThatVerifies(every: [UInt64], latency: UInt64, skew: UInt64) throws {
        let matches = try Self.play(every: every, latency: latency, skew: skew)
        let side = VersusRules(rules: StandardRules(), garbage: GarbageRules(delay: 0, cap: 4, cancels: false)) { _ in 1 }
        for match in matches {
            var replay = VersusReplay(mods: [], bot: "peer", piecesPerSecond: 1, bestOf: 1, seed: 11)
            replay.announced = true
            replay.games = [match.boards.recorded(seed: 11)]
            #expect(replay.games[0].moves.contains { $0.accepts } && replay.games[0].winner != nil)
            let parsed = try VersusReplay(parsing: replay.text)
            #expect(parsed == replay)
            #expect(parsed.verify(game: 0) { side } == nil, "process \(match.me)")
            #expect(parsed.games[0].winner == (match.result == .won ? match.me : match.peer))
        }
    }

    @Test func theOtherSideLosingIsAgreedToo() throws {
        let matches = try Self.play(every: [120, 390], latency: 90, skew: 60)
        #expect(matches[0].result == .lost)
        #expect(matches[1].result == .won)
        #expect(matches[0].boards.state(0).board == matches[1].boards.state(0).board)
    }

    static func impossible(_ messages: [VersusMessage], wall: UInt64 = 10_000, setUp: (inout Match) -> Void = { _ in }) -> String? {
        var match = Match(boards: boards(), me: 0)
        setUp(&match)
        do {
            for message in messages { try match.receive(message, wallMilliseconds: wall) }
            return nil
        } catch { return error.description }
    }

    @Test func impossibleInputsAreNamed() {
        #expect(Self.impossible([.input(milliseconds: 500, action: .left), .input(milliseconds: 400, action: .left)])
            == "the peer sent an impossible input at 0.400 s: its time went back from 0.500 s")
        #expect(Self.impossible([.time(milliseconds: 12_345)], wall: 10_000)
            == "the peer sent an impossible input at 12.345 s: its time is ahead of the clock (here it is 10.000 s)")
        #expect(Self.impossible([.accept(milliseconds: 100, attack: 0)])
            == "the peer sent an impossible input at 0.100 s: it took attack 0, but only 0 were sent")
        #expect(Self.impossible([.over(milliseconds: 100)])
            == "the peer sent an impossible input at 0.100 s: it says its game ended, but replayed from its inputs the game goes on")
        #expect(Self.impossible([.ready(game: 2)])?.hasSuffix("an out-of-place READY in the middle of a game") == true)
        #expect(Self.impossible([.hello(VersusHello(hanjul: "x", engine: 1, rules: "standard", rulesHash: "-"))])?
            .hasSuffix("an out-of-place HELLO in the middle of a game") == true)
        // A move into a wall is a no-op, not impossible.
        #expect(Self.impossible((0..<20).map { .input(milliseconds: UInt64($0), action: .left) }) == nil)
        // Two attacks sent: taking the second first is out of order.
        #expect(Self.impossible([.accept(milliseconds: 900, attack: 1)]) { match in
            match.local(.hardDrop, at: 100)
            match.local(.hardDrop, at: 200)
        } == "the peer sent an impossible input at 0.900 s: it took attack 1 out of order (attack 0 is next)")
        #expect(Self.impossible([.accept(milliseconds: 900, attack: 0)]) { $0.local(.hardDrop, at: 100) } == nil)
    }

    @Test func inputsAfterTheGameEndedAreImpossible() {
        var match = Match(boards: Self.boards(), me: 0)
        var time: UInt64 = 0
        var failure: String?
        while failure == nil && time < 60_000 {
            time += 10
            do { try match.receive(.input(milliseconds: time, action: .hardDrop), wallMilliseconds: 60_000) } catch { failure = error.description }
        }
        #expect(match.boards.isOver(side: 1))
        #expect(failure?.contains("H after its game ended at") == true)
    }

    @Test func garbageLeftUntakenIsNoticed() throws {
        var match = Match(boards: Self.boards(), me: 0)
        match.local(.hardDrop, at: 1_000)
        #expect(match.boards.unaccepted(side: 1).count == 1)
        try match.receive(.time(milliseconds: 5_900), wallMilliseconds: 6_000)
        #expect(match.ignoredGarbage == nil)
        try match.receive(.time(milliseconds: 6_001), wallMilliseconds: 6_000)
        #expect(match.ignoredGarbage?.attack == 0)
        #expect(match.ignoredGarbage?.sent == 1_000)
    }
}
