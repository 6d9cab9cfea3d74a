import HanJulCore

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
        if let result, !(1...32).contains(result.name.count) || ResultFormat.Unit(rawValue: result.unit) == nil {
            return "a result named in 1 to 32 characters, with a unit of \(ResultFormat.Unit.allCases.map(\.rawValue).joined(separator: ", ")), was expected"
        }
        if firstSeed > lastSeed { return "the first seed \(firstSeed) is after the last, \(lastSeed)" }
        if let shard, !(shard.count >= 1 && (0..<shard.count).contains(shard.index) && shard.firstSeed <= shard.lastSeed) {
            return "shard \(shard.index) of \(shard.count) (seeds \(shard.firstSeed)…\(shard.lastSeed)) is not a shard"
        }
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
