/// The 2×2 table of a rate measured on the same seeds under A and B: how many seeds had
/// it under both, under B only, under A only, under neither (Newcombe's interval).
public struct PairTable: Sendable, Equatable {
    public var both = 0, onlyB = 0, onlyA = 0, neither = 0

    public init() {}

    public mutating func add(a: Bool, b: Bool, count: Int = 1) {
        switch (b, a) {
        case (true, true): both += count
        case (true, false): onlyB += count
        case (false, true): onlyA += count
        case (false, false): neither += count
        }
    }

    public mutating func merge(_ other: PairTable) {
        both += other.both
        onlyB += other.onlyB
        onlyA += other.onlyA
        neither += other.neither
    }

    public var total: Int { both + onlyB + onlyA + neither }
}

/// For a share pooled over games (pieces held of pieces placed): how many games had each
/// pair of counts `(part, whole)`.
public struct ShareCounts: Sendable, Equatable {
    public struct Key: Hashable, Sendable {
        public var part: Double
        public var whole: Double
    }

    public private(set) var counts: [Key: Int] = [:]
    public private(set) var total = 0

    public init() {}

    public mutating func add(part: Double, whole: Double, count: Int = 1) {
        guard count > 0 else { return }
        counts[Key(part: part + 0, whole: whole + 0), default: 0] += count
        total += count
    }

    public mutating func merge(_ other: ShareCounts) {
        for (key, count) in other.counts { add(part: key.part, whole: key.whole, count: count) }
    }

    /// The pairs in a fixed order (by whole, then part).
    public var sorted: [(part: Double, whole: Double, count: Int)] {
        counts.sorted { $0.key.whole != $1.key.whole ? $0.key.whole < $1.key.whole : $0.key.part < $1.key.part }
            .map { (part: $0.key.part, whole: $0.key.whole, count: $0.value) }
    }

    /// Each game's own share, `part ÷ whole` (0 with no whole), counted.
    public var shares: ValueCounts {
        var values = ValueCounts()
        for (key, count) in counts { values.add(key.whole > 0 ? key.part / key.whole : 0, count: count) }
        return values
    }
}

/// For `compare`'s difference of two pooled shares: how many seeds had each four counts
/// `(part B, whole B, part A, whole A)`.
public struct ShareDifferenceCounts: Sendable, Equatable {
    public struct Key: Hashable, Sendable {
        public var partB: Double, wholeB: Double, partA: Double, wholeA: Double
    }

    public private(set) var counts: [Key: Int] = [:]
    public private(set) var total = 0

    public init() {}

    public mutating func add(partB: Double, wholeB: Double, partA: Double, wholeA: Double, count: Int = 1) {
        guard count > 0 else { return }
        counts[Key(partB: partB + 0, wholeB: wholeB + 0, partA: partA + 0, wholeA: wholeA + 0), default: 0] += count
        total += count
    }

    public mutating func merge(_ other: ShareDifferenceCounts) {
        for (key, count) in other.counts { add(partB: key.partB, wholeB: key.wholeB, partA: key.partA, wholeA: key.wholeA, count: count) }
    }

    /// Each seed's `share B − share A` of the games' own shares, counted.
    public var differences: ValueCounts {
        let share: (Double, Double) -> Double = { $1 > 0 ? $0 / $1 : 0 }
        var values = ValueCounts()
        for (key, count) in counts { values.add(share(key.partB, key.wholeB) - share(key.partA, key.wholeA), count: count) }
        return values
    }
}

extension Statistics {
    /// ``pooledShare95(part:whole:)`` from the games' pairs counted, every sum exact.
    public static func pooledShare95(_ pairs: ShareCounts) -> (share: Double, low: Double, high: Double) {
        let n = pairs.total
        let entries = pairs.sorted
        var part = ExactSum(), whole = ExactSum()
        for entry in entries {
            part.add(entry.part, times: entry.count)
            whole.add(entry.whole, times: entry.count)
        }
        let totalPart = part.value, totalWhole = whole.value
        guard totalWhole > 0 else { return (0, 0, 0) }
        let share = Swift.min(1, totalPart / totalWhole)
        var effective = totalWhole
        if n > 1 && share > 0 && share < 1 {
            let meanWhole = totalWhole / Double(n)
            var squares = ExactSum()
            for entry in entries {
                squares.add((entry.part - share * entry.whole) * (entry.part - share * entry.whole), times: entry.count)
            }
            let variance = squares.value / (Double(n) * Double(n - 1) * meanWhole * meanWhole)
            if variance > 0 { effective = Swift.min(totalWhole, share * (1 - share) / variance) }
        }
        let (low, high) = wilson95(proportion: share, trials: effective)
        return (share, low, high)
    }

    /// ``pooledShareDifference95(partB:wholeB:partA:wholeA:)`` from the seeds' counts, every sum exact.
    public static func pooledShareDifference95(_ quads: ShareDifferenceCounts) -> (difference: Double, low: Double, high: Double) {
        let n = quads.total
        guard n > 0 else { return (0, 0, 0) }
        var partA = ExactSum(), wholeA = ExactSum(), partB = ExactSum(), wholeB = ExactSum()
        for (key, count) in quads.counts {
            partA.add(key.partA, times: count)
            wholeA.add(key.wholeA, times: count)
            partB.add(key.partB, times: count)
            wholeB.add(key.wholeB, times: count)
        }
        let sums = (partA: partA.value, wholeA: wholeA.value, partB: partB.value, wholeB: wholeB.value)
        let shareA = sums.wholeA > 0 ? sums.partA / sums.wholeA : 0, shareB = sums.wholeB > 0 ? sums.partB / sums.wholeB : 0
        let meanA = sums.wholeA / Double(n), meanB = sums.wholeB / Double(n)
        var squares = ExactSum()
        for (key, count) in quads.counts {
            let u = (meanB > 0 ? (key.partB - shareB * key.wholeB) / meanB : 0) - (meanA > 0 ? (key.partA - shareA * key.wholeA) / meanA : 0)
            squares.add(u * u, times: count)
        }
        let difference = shareB - shareA
        guard n > 1 else { return (difference, difference, difference) }
        let half = tCritical95(degreesOfFreedom: n - 1) * (squares.value / (Double(n) * Double(n - 1))).squareRoot()
        return (difference, Swift.max(-1, difference - half), Swift.min(1, difference + half))
    }

    /// ``newcombePaired95(a:b:)`` from the pairs' 2×2 table.
    public static func newcombePaired95(_ table: PairTable) -> (low: Double, high: Double) {
        let n = table.total
        guard n > 0 else { return (0, 0) }
        let both = Double(table.both), onlyB = Double(table.onlyB), onlyA = Double(table.onlyA), neither = Double(table.neither)
        let count = Double(n)
        let pB = (both + onlyB) / count, pA = (both + onlyA) / count
        let (lB, uB) = wilson95(successes: both + onlyB, count: n)
        let (lA, uA) = wilson95(successes: both + onlyA, count: n)
        let margins = (both + onlyB) * (onlyA + neither) * (both + onlyA) * (onlyB + neither)
        let phi = margins > 0 ? (both * neither - onlyB * onlyA) / margins.squareRoot() : 0
        let below = Swift.max(0, (pB - lB) * (pB - lB) - 2 * phi * (pB - lB) * (uA - pA) + (uA - pA) * (uA - pA)).squareRoot()
        let above = Swift.max(0, (uB - pB) * (uB - pB) - 2 * phi * (uB - pB) * (pA - lA) + (pA - lA) * (pA - lA)).squareRoot()
        let difference = pB - pA
        return (Swift.max(-1, difference - below), Swift.min(1, difference + above))
    }
}
