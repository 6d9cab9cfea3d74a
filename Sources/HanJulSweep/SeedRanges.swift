/// Seeds as sorted, disjoint ranges that never touch: interval arithmetic in the number of
/// ranges, whatever the number of seeds.
package struct SeedRanges: Equatable {
    package private(set) var ranges: [ClosedRange<UInt64>] = []

    package init() {}

    package init(_ ranges: [ClosedRange<UInt64>]) {
        for range in ranges { insert(range) }
    }

    package var isEmpty: Bool { ranges.isEmpty }
    package var first: ClosedRange<UInt64>? { ranges.first }

    /// The index of the first range whose upper bound is at least `seed`.
    private func index(atOrAfter seed: UInt64) -> Int {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < seed { low = middle + 1 } else { high = middle }
        }
        return low
    }

    package func contains(_ seed: UInt64) -> Bool {
        let i = index(atOrAfter: seed)
        return i < ranges.count && ranges[i].lowerBound <= seed
    }

    /// Adds one seed after every seed held so far (cheap: extends the last range).
    package mutating func append(_ seed: UInt64) {
        if let last = ranges.last, last.upperBound < UInt64.max, last.upperBound + 1 == seed {
            ranges[ranges.count - 1] = last.lowerBound...seed
        } else if let last = ranges.last, seed <= last.upperBound {
            insert(seed...seed)
        } else {
            ranges.append(seed...seed)
        }
    }

    package mutating func insert(_ range: ClosedRange<UInt64>) {
        var low = range.lowerBound, high = range.upperBound
        // Ranges that overlap or touch `range` merge with it.
        var start = index(atOrAfter: low == 0 ? 0 : low - 1)
        if start > 0 && ranges[start - 1].upperBound < UInt64.max && ranges[start - 1].upperBound + 1 >= low { start -= 1 }
        var end = start
        while end < ranges.count && (high == UInt64.max || ranges[end].lowerBound <= high + 1) {
            low = min(low, ranges[end].lowerBound)
            high = max(high, ranges[end].upperBound)
            end += 1
        }
        ranges.replaceSubrange(start..<end, with: [low...high])
    }

    package mutating func formUnion(_ other: SeedRanges) {
        for range in other.ranges { insert(range) }
    }

    package func intersects(_ range: ClosedRange<UInt64>) -> Bool {
        let i = index(atOrAfter: range.lowerBound)
        return i < ranges.count && ranges[i].lowerBound <= range.upperBound
    }

    package func intersection(_ other: SeedRanges) -> SeedRanges {
        var result = SeedRanges()
        var i = 0, j = 0
        while i < ranges.count && j < other.ranges.count {
            let low = max(ranges[i].lowerBound, other.ranges[j].lowerBound)
            let high = min(ranges[i].upperBound, other.ranges[j].upperBound)
            if low <= high { result.ranges.append(low...high) }
            if ranges[i].upperBound < other.ranges[j].upperBound { i += 1 } else { j += 1 }
        }
        // Pieces of different ranges may touch: merge them.
        return SeedRanges(result.ranges)
    }

    package func subtracting(_ whole: ClosedRange<UInt64>) -> SeedRanges {
        var result = SeedRanges()
        for range in ranges {
            if range.lowerBound < whole.lowerBound { result.insert(range.lowerBound...min(range.upperBound, whole.lowerBound - 1)) }
            if range.upperBound > whole.upperBound { result.insert(max(range.lowerBound, whole.upperBound + 1)...range.upperBound) }
        }
        return result
    }
}

/// Seeds listed for people: runs as ranges, `3..7, 12, 40..41`, the first twenty only.
package enum SeedList {
    package static func text(_ seeds: [UInt64]) -> String { text(ranges: ranges(seeds)) }

    package static func text(ranges: [ClosedRange<UInt64>]) -> String {
        let shown = ranges.prefix(20).map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)..\($0.upperBound)" }
        return shown.joined(separator: ", ") + (ranges.count > 20 ? " and \(ranges.count - 20) more runs of seeds" : "")
    }

    /// `seeds` as sorted runs of consecutive seeds.
    package static func ranges(_ seeds: [UInt64]) -> [ClosedRange<UInt64>] {
        var ranges: [ClosedRange<UInt64>] = []
        for seed in Set(seeds).sorted() {
            if let last = ranges.last, last.upperBound < UInt64.max, last.upperBound + 1 == seed {
                ranges[ranges.count - 1] = last.lowerBound...seed
            } else {
                ranges.append(seed...seed)
            }
        }
        return ranges
    }

    /// The parts of `whole` that no range of `covered` holds, in order.
    /// - Complexity: O(k log k) in the ranges, whatever their size.
    package static func gaps(in whole: ClosedRange<UInt64>, covered: [ClosedRange<UInt64>]) -> [ClosedRange<UInt64>] {
        var gaps: [ClosedRange<UInt64>] = []
        var next: UInt64? = whole.lowerBound  // the first seed not yet accounted for; nil past UInt64.max
        for range in covered.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            guard let start = next, start <= whole.upperBound else { break }
            guard range.upperBound >= start else { continue }
            if range.lowerBound > start { gaps.append(start...min(range.lowerBound - 1, whole.upperBound)) }
            next = range.upperBound == UInt64.max ? nil : max(start, range.upperBound + 1)
        }
        if let start = next, start <= whole.upperBound { gaps.append(start...whole.upperBound) }
        return gaps
    }
}
