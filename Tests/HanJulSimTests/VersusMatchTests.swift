#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HanJulBot
import HanJulCore
import HanJulMods
@testable import HanJulSim
import Testing

/// Versus matches (#24): garbage enters where the rules and the seed say, one's own attack
/// cancels what waits for one, a seed is always the same match, and Mods/versus sends the
/// Guideline table through the real Lua hook.
@Suite struct VersusMatchTests {
    static let mods: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Mods").path
    }()

    static func rules(_ ids: String...) throws -> LuaRules {
        try ModCatalog(searchPath: ModSearchPath(folders: [mods]), workingDirectory: mods + "/..").rules(ids)
    }

    // Where garbage enters, its cap, delay and messiness: VersusRefereeTests (HanJulCore).

    @Test func ownAttackCancelsWhatWaitsFirst() {
        // Every fifth lock sends a line, on both sides at one pace: A's arrives first and
        // B's own line cancels it, so nothing ever enters a board.
        let config = VersusConfig(cap: 50)
        var match = VersusMatch(config: config) {
            VersusRules(rules: StandardRules()) { state in state.piecesLocked % 5 == 0 ? 1 : 0 }
        }
        let record = match.play(seed: 1)
        #expect(record.result == .draw && record.pieces == [50, 50])
        #expect(record.attack == [10, 10])
        #expect(record.cancelled == [0, 10])
        #expect(record.received == [0, 0])
    }

    /// Every I that locks sends four lines: the sides get their I pieces at different times.
    static func heavy() -> VersusMatch<StandardRules> {
        VersusMatch(config: VersusConfig(cap: 3000)) {
            VersusRules(rules: StandardRules(), garbage: GarbageRules(messiness: 0.5)) { state in
                state.lastLock?.piece.kind == 0 ? 4 : 0
            }
        }
    }

    @Test func theSameSeedIsTheSameMatchAndSomeoneLoses() {
        var first = Self.heavy(), second = Self.heavy()
        let records = (1...3).map { first.play(seed: $0) }
        #expect((1...3).map { second.play(seed: $0) } == records)
        var fresh = Self.heavy()
        #expect(fresh.play(seed: 2) == records[1], "a fresh match of seed 2 after none is the one played after seed 1")
        for record in records {
            #expect(record.result == .a || record.result == .b, "\(record)")
            #expect(record.received[0] + record.received[1] > 0)
            #expect(record.error == nil)
        }
        #expect(Set(records.map(\.pieces)).count == 3, "different seeds, different matches")
    }

    @Test func theVersusModSendsTheGuidelineTable() throws {
        let rules = try Self.rules("guideline", "versus")
        #expect(rules.garbage == GarbageRules(delay: 0, messiness: 0.3, cap: 8, cancels: true))
        let board = try Board("""
            .IIIIIIIII
            .IIIIIIIII
            .IIIIIIIII
            .IIIIIIIII
            """, pieces: rules.pieces)
        var game = Game(rules: rules, source: .sequence([0]), start: GameStart(board: board))
        #expect(try rules.attack(after: game.state) == 0, "no lock yet")
        game.apply(try ActionScript.parse("CLLLLLH", allowing: Set(Action.Kind.allCases)))
        #expect(game.state.lastLock?.lines == 4)
        #expect(try rules.attack(after: game.state) == 4 + 10, "a tetris that empties the board: 4, and 10 for the perfect clear")
        // Without the versus mod nothing attacks.
        #expect(try Self.rules("guideline").attack(after: game.state) == 0)
    }

    @Test func aMatchUnderTheVersusModIsTheSameEveryTime() throws {
        let make = { () throws -> VersusRules<LuaRules> in
            let rules = try Self.rules("guideline", "versus")
            return VersusRules(rules: rules, garbage: rules.garbage ?? GarbageRules()) { state throws(RuleError) in try rules.attack(after: state) }
        }
        var one = VersusMatch(config: VersusConfig(cap: 300), make: make)
        var two = VersusMatch(config: VersusConfig(cap: 300), make: make)
        let record = one.play(seed: 5)
        #expect(record == two.play(seed: 5))
        #expect(record.error == nil)
        #expect(record.attack[0] + record.attack[1] > 0, "\(record)")
    }
}
