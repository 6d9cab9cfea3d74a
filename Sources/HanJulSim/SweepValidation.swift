import HanJulCore
import HanJulText

/// What a JSONL file may claim: a crafted header or game line is refused with a reason
/// instead of being summarised (a game of `Int.max` pieces made `hanjul stats` trap in its
/// survival curve; a standard deviation of infinity could not be printed as JSON).
extension RunHeader {
    /// Why this header cannot be one `hanjul sim` wrote, or nil.
    public var problem: String? {
        if format < 1 { return "format \(format) is not a format" }
        if !(noise.isFinite && (0...1).contains(noise)) { return "noise \(noise) is not a probability from 0 to 1" }
        if !(1...GameRecord.maxPieces).contains(cap) { return "cap \(cap) is not from 1 to \(GameRecord.maxPieces)" }
        if let pps, !(pps.isFinite && SimulationConfig.paceRange.contains(pps)) {
            return "pps \(pps) is not from \(Format.number(SimulationConfig.paceRange.lowerBound)) to \(Format.number(SimulationConfig.paceRange.upperBound))"
        }
        if let result {
            if let problem = ResultName.problem(result.name) { return "the result's name \(problem)" }
            if ResultFormat.Unit(rawValue: result.unit) == nil {
                return "a result with a unit of \(ResultFormat.Unit.allCases.map(\.rawValue).joined(separator: ", ")) was expected"
            }
        }
        if let problem = SweepLimits.problem(first: firstSeed, last: lastSeed) { return problem }
        if let shard {
            if let problem = shard.problem { return problem }
            // The seeds a shard holds follow from the sweep and its number: a header that
            // says otherwise was not written by hanjul sim.
            if shard.seeds != seeds {
                return "shard \(shard.description) of seeds \(shard.firstSeed)…\(shard.lastSeed) holds other seeds than \(firstSeed)…\(lastSeed)"
            }
        }
        return nil
    }
}

/// The limits of a sweep, one set for the command line and for every file read (H-3): a
/// header may claim no more than `--seeds` or `--shard` accept.
public enum SweepLimits {
    /// The most games one run plays (`--games`, `--seeds`, a header's seeds).
    public static let maxGames: UInt64 = 100_000_000
    /// The most shards a sweep is split in (`--shard I/N`, `--shards N`).
    public static let maxShards = 100_000

    /// Why the seeds `first…last` are not a run's, or nil.
    public static func problem(first: UInt64, last: UInt64) -> String? {
        if first > last { return "the first seed \(first) is after the last, \(last)" }
        if last - first >= maxGames { return "seeds \(first)…\(last) are more than \(maxGames) games, the most one run plays" }
        return nil
    }
}

extension Shard {
    /// Why this cannot be a shard `hanjul sim --shard` made, or nil: a number from 0 to
    /// `count − 1`, at most ``SweepLimits/maxShards`` shards, a sweep within the limits,
    /// and no more shards than games, so no shard is empty (H-7).
    public var problem: String? {
        guard (1...SweepLimits.maxShards).contains(count), (0..<count).contains(index) else {
            return "shard \(index) of \(count) is not a shard (0 ≤ I < N ≤ \(SweepLimits.maxShards))"
        }
        if let problem = SweepLimits.problem(first: firstSeed, last: lastSeed) { return problem }
        let games = lastSeed - firstSeed + 1
        if games < UInt64(count) { return "\(games) games cannot be split in \(count) shards (some would be empty)" }
        return nil
    }
}

extension GameRecord {
    /// The most pieces a game line may claim (far beyond any cap `hanjul sim` takes).
    public static let maxPieces = 1 << 40

    /// Why this game line cannot be one `hanjul sim` wrote under `header`, or nil: counts
    /// are never negative, heights fit a board, the figures are finite, and no game ran
    /// past the header's cap.
    public func problem(under header: RunHeader) -> String? {
        if pieces < 0 || pieces > min(header.cap, Self.maxPieces) { return "pieces \(pieces) is not from 0 to the cap \(header.cap)" }
        if lines < 0 || holes < 0 || evaluated < 0 { return "a count is negative" }
        if level < 1 { return "level \(level) is below 1" }
        if !(0...64).contains(maxHeight) { return "max height \(maxHeight) is not from 0 to 64" }
        if !(meanHeight.isFinite && (0...64).contains(meanHeight)) { return "mean height \(meanHeight) is not from 0 to 64" }
        if !scorePerPiece.isFinite { return "score per piece \(scorePerPiece) is not finite" }
        if clears.count > 64 || clears.contains(where: { $0 < 0 }) { return "the clears are not counts of 1 to 64 rows" }
        // A hold swaps the piece in play without locking it, once per piece: at most one per
        // piece locked, and one more for the piece in play when the game stopped.
        if let held, held < 0 || held > pieces + 1 { return "held \(held) is not from 0 to the pieces locked + 1 (\(pieces + 1))" }
        if !header.seeds.contains(seed) { return "seed \(seed) is outside the header's \(header.firstSeed)…\(header.lastSeed)" }
        return nil
    }
}
