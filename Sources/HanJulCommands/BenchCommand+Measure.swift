#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HanJulBench
import HanJulSim

/// The bench's measuring and its C reference are HanJulBench's (`Bench`); `hanjul bench`
/// calls them by these names.
extension BenchCommand {
    typealias Rounds = Bench.Rounds
    typealias Figures = Bench.Figures
    typealias ReferenceProblem = Bench.ReferenceProblem
    typealias ReferenceBinary = Bench.ReferenceBinary

    static func measure(_ spec: RuleSetSpec, seeds: [UInt64], cap: Int, minimumPieces: Int = 0) -> Figures {
        Bench.measure(spec, seeds: seeds, cap: cap, minimumPieces: minimumPieces)
    }

    static func group(_ x: Double) -> String { Bench.group(x) }
    static func findReference() -> Result<(path: String, bytes: [UInt8]), ReferenceProblem> { Bench.findReference() }
    static func which(_ name: String) -> String? { Bench.which(name) }
    static func scratchFolder() -> URL? { Bench.scratchFolder() }

    static func execute(_ path: String, _ arguments: [String], output outputPath: String) -> (status: Int32, output: String) {
        Bench.execute(path, arguments, output: outputPath)
    }
}
