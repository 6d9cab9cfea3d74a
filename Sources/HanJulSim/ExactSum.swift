/// A sum of doubles kept exactly, whatever the order they come in: Shewchuk's
/// non-overlapping partials (as Python's `math.fsum`), rounded once when read.
///
/// Summaries add each distinct value times how many games had it, so the sum cannot
/// depend on the order of the games, of the shards, or of the files merged.
public struct ExactSum: Sendable, Equatable {
    private var partials: [Double] = []
    /// The plain sum, for values whose exact sum overflows (then it is ±infinity anyway).
    private var plain = 0.0

    public init() {}

    /// Adds `x` exactly.
    public mutating func add(_ x: Double) {
        plain += x
        guard x.isFinite else { return }
        var x = x
        var kept = 0
        for index in partials.indices {
            var y = partials[index]
            if abs(x) < abs(y) { swap(&x, &y) }
            let high = x + y
            let low = y - (high - x)
            if low != 0 {
                partials[kept] = low
                kept += 1
            }
            x = high
        }
        partials.removeSubrange(kept...)
        partials.append(x)
    }

    /// Adds `count × x` exactly (the product split in two doubles by a fused multiply-add;
    /// exact for any count below 2⁵³).
    public mutating func add(_ x: Double, times count: Int) {
        let c = Double(count)
        let product = c * x
        guard product.isFinite else {
            add(product)
            return
        }
        let error = (-product).addingProduct(c, x)
        add(product)
        if error != 0 { add(error) }
    }

    /// The sum, correctly rounded to the nearest double.
    public var value: Double {
        guard plain.isFinite else { return plain }
        var n = partials.count
        guard n > 0 else { return 0 }
        n -= 1
        var high = partials[n]
        var low = 0.0
        while n > 0 {
            let x = high
            n -= 1
            let y = partials[n]
            high = x + y
            let yr = high - x
            low = y - yr
            if low != 0 { break }
        }
        // Half-way cases: round by the sign of what lies below.
        if n > 0 && ((low < 0 && partials[n - 1] < 0) || (low > 0 && partials[n - 1] > 0)) {
            let y = low * 2
            let x = high + y
            if y == x - high { high = x }
        }
        return high.isFinite ? high : plain
    }
}

/// How many games had each distinct value of one figure: the exact, mergeable state its
/// statistics are computed from. Its size is the number of distinct values, never the
/// number of games.
public struct ValueCounts: Sendable, Equatable {
    public private(set) var counts: [Double: Int] = [:]
    /// Games counted.
    public private(set) var total = 0

    public init() {}

    /// The counts of `values`, one game each.
    public init(_ values: some Sequence<Double>) {
        for value in values { add(value) }
    }

    /// Counts `count` more games with `value` (−0 counts as 0).
    public mutating func add(_ value: Double, count: Int = 1) {
        guard count > 0 else { return }
        counts[value + 0, default: 0] += count
        total += count
    }

    public mutating func merge(_ other: ValueCounts) {
        for (value, count) in other.counts { add(value, count: count) }
    }

    /// The distinct values in increasing order, each with its count.
    public var sorted: [(value: Double, count: Int)] {
        counts.sorted { $0.key < $1.key }.map { (value: $0.key, count: $0.value) }
    }
}

/// The values of one figure, sorted, with how many games had each: what ``Distribution``
/// is computed from.
public struct SortedCounts: Sendable {
    public let entries: [(value: Double, count: Int)]
    /// `cumulative[i]`: games with the first `i + 1` values.
    private let cumulative: [Int]

    public init(_ counts: ValueCounts) {
        self.init(sorted: counts.sorted)
    }

    /// `entries` must be in increasing order of value, each value once, counts above 0.
    public init(sorted entries: [(value: Double, count: Int)]) {
        self.entries = entries
        var running = 0
        cumulative = entries.map { entry in
            running += entry.count
            return running
        }
    }

    public var total: Int { cumulative.last ?? 0 }
    public var isEmpty: Bool { entries.isEmpty }
    public var min: Double? { entries.first?.value }
    public var max: Double? { entries.last?.value }

    /// The value of rank `index` (0-based) among all games in increasing order.
    public func value(atRank index: Int) -> Double {
        var low = 0, high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] > index { high = middle } else { low = middle + 1 }
        }
        return entries[low].value
    }

    /// Every game's value in increasing order (for tests and small samples).
    public var expanded: [Double] {
        entries.flatMap { Array(repeating: $0.value, count: $0.count) }
    }
}
