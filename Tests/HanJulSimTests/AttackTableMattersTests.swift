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

/// The attack bot plays the table it is given (#36): a table that pays 10 lines for a
/// T-spin single makes it spin singles more often than the Guideline's, on the same seeds.
@Suite struct AttackTableMattersTests {
    /// Guideline + Mods/versus, and after them, when `tss` is given, a mod that makes a
    /// T-spin single send that many lines.
    static func matches(tss: Int?, seeds: ClosedRange<UInt64>, cap: Int) throws -> [MatchRecord] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-tss-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/tss", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
            return {
              id = "tss", name = "tss", version = "0.1.0", description = "T-spin singles send \(tss ?? 0)", api = 1,
              after = { "versus" },
              attack = function(_, facts, sent)
                if facts.spin ~= "none" and facts.lines == 1 then return \(tss ?? 0) end
                return sent
              end,
            }
            """.write(toFile: folder + "/tss/mod.lua", atomically: true, encoding: .utf8)
        let catalog = ModCatalog(searchPath: ModSearchPath(folders: [VersusMatchTests.mods, folder]), workingDirectory: folder)
        let ids = tss == nil ? ["guideline", "versus"] : ["guideline", "versus", "tss"]
        var config = VersusConfig(cap: cap)
        config.b.bot.kind = .attack
        var match = VersusMatch(config: config) { () throws -> VersusRules<LuaRules> in
            let rules = try catalog.rules(ids)
            return VersusRules(rules: rules, garbage: rules.garbage ?? GarbageRules()) { state throws(RuleError) in try rules.attack(after: state) }
        }
        return seeds.map { match.play(seed: $0) }
    }

    @Test func tSpinSinglesPerTRiseWhenTheTablePaysForThem() throws {
        let seeds: ClosedRange<UInt64> = 1...2
        let guideline = try Self.matches(tss: nil, seeds: seeds, cap: 120)
        let paid = try Self.matches(tss: 10, seeds: seeds, cap: 120)
        func rate(_ records: [MatchRecord]) -> Double {
            let t = records.reduce(0) { $0 + $1.tPieces[1] }, singles = records.reduce(0) { $0 + $1.spinSingles[1] }
            return t > 0 ? Double(singles) / Double(t) : 0
        }
        #expect(guideline.allSatisfy { $0.error == nil } && paid.allSatisfy { $0.error == nil }, "\(guideline) \(paid)")
        #expect(rate(paid) > rate(guideline) + 0.1, "T-spin singles per T: \(rate(paid)) with 10 lines, \(rate(guideline)) under the Guideline")
    }
}
