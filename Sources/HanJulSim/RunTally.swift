/// Everything a summary reports about a run's games, kept as exact counts: how many games
/// had each distinct value of each figure, how many ended at each piece count (and how),
/// the first rule errors. Its size grows with the distinct values, never with the number
/// of games, and two tallies merge exactly (``merge(_:)``): a sweep's shards tallied apart
/// and merged give the very state, and so the very bytes, of one run.
public struct RunTally: Sendable, Equatable {
    /// How many games ended at one piece count: topped out (events) or stopped alive (censored).
    public struct Ending: Sendable, Equatable {
        public var events = 0
        public var censored = 0

        public init(events: Int = 0, censored: Int = 0) {
            self.events = events
            self.censored = censored
        }
    }

    /// A rule error and the lowest seed that ended with it.
    public struct RuleError: Sendable, Equatable {
        public var seed: UInt64
        public var text: String

        public init(seed: UInt64, text: String) {
            self.seed = seed
            self.text = text
        }
    }

    /// The most distinct rule errors a summary lists.
    public static let maxErrors = 5

    public var games = 0
    public var capped = 0
    public var toppedOut = 0
    public var finished = 0
    public var ruleErrors = 0
    /// The distinct rule errors of the lowest seeds, by seed, up to ``maxErrors``.
    public var errors: [RuleError] = []
    /// Games that went on past a hook's failure (`GameRecord.warnings`), and the distinct
    /// failures of the lowest seeds, up to ``maxErrors``.
    public var warnedGames = 0
    public var warnings: [RuleError] = []
    /// The lowest and highest seed tallied.
    public var lowestSeed: UInt64?
    public var highestSeed: UInt64?
    /// The values of ``Figure/base``, in its order.
    public var base: [ValueCounts] = Array(repeating: ValueCounts(), count: Figure.base.count)
    /// `clears[k − 1]`: the k-line clears of the games whose records go to k rows or more
    /// (the others made none).
    public var clears: [ValueCounts] = []
    /// Games by the length of their record's clears (the longest clear any game can make).
    public var clearLengths: [Int: Int] = [:]
    /// Pieces held and pieces placed, by game (held 0 for rules without hold).
    public var held = ShareCounts()
    /// Games played under rules with a hold slot.
    public var heldGames = 0
    /// The results of the games that finished with one.
    public var result = ValueCounts()
    /// `tieBreaks[i]`: a compound result's tie-break `i + 1`, over the games that finished
    /// with one (`GameRecord.then`).
    public var tieBreaks: [ValueCounts] = []
    /// The time of the games that have one (`GameRecord.timeMs`), in seconds (``Figure/time``).
    public var time = ValueCounts()
    /// Games by the piece count they ended at.
    public var endings: [Int: Ending] = [:]

    public init() {}

    /// The tally of `records`.
    public init(_ records: some Sequence<GameRecord>) {
        for record in records { add(record) }
    }

    /// Counts one more game.
    public mutating func add(_ record: GameRecord) {
        games += 1
        switch record.outcome {
        case .capped: capped += 1
        case .toppedOut: toppedOut += 1
        case .finished: finished += 1
        case .ruleError: ruleErrors += 1
        }
        if let error = record.error { note(RuleError(seed: record.seed, text: error)) }
        if let texts = record.warnings, !texts.isEmpty {
            warnedGames += 1
            for text in texts { Self.note(RuleError(seed: record.seed, text: text), in: &warnings) }
        }
        lowestSeed = min(lowestSeed ?? record.seed, record.seed)
        highestSeed = max(highestSeed ?? record.seed, record.seed)
        for (index, figure) in Figure.base.enumerated() { base[index].add(figure.value(record)) }
        if clears.count < record.clears.count { clears += Array(repeating: ValueCounts(), count: record.clears.count - clears.count) }
        for (index, count) in record.clears.enumerated() { clears[index].add(Double(count)) }
        clearLengths[record.clears.count, default: 0] += 1
        held.add(part: Double(record.held ?? 0), whole: Double(record.pieces))
        if record.held != nil { heldGames += 1 }
        if let value = record.result { result.add(Double(value)) }
        if let then = record.then {
            if tieBreaks.count < then.count { tieBreaks += Array(repeating: ValueCounts(), count: then.count - tieBreaks.count) }
            for (index, value) in then.enumerated() { tieBreaks[index].add(Double(value)) }
        }
        if record.timeMs != nil { time.add(Figure.time.value(record)) }
        if record.outcome == .toppedOut {
            endings[record.pieces, default: Ending()].events += 1
        } else {
            endings[record.pieces, default: Ending()].censored += 1
        }
    }

    /// Keeps `error` if it is among the first distinct errors by seed.
    public mutating func note(_ error: RuleError) { Self.note(error, in: &errors) }

    /// Keeps `warning` if it is among the first distinct warnings by seed.
    public mutating func noteWarning(_ warning: RuleError) { Self.note(warning, in: &warnings) }

    /// Keeps `error` in `errors` if it is among the first distinct ones by seed.
    static func note(_ error: RuleError, in errors: inout [RuleError]) {
        if let index = errors.firstIndex(where: { $0.text == error.text }) {
            guard error.seed < errors[index].seed else { return }
            errors.remove(at: index)
        }
        let at = errors.firstIndex { $0.seed > error.seed } ?? errors.count
        guard at < Self.maxErrors else { return }
        errors.insert(error, at: at)
        if errors.count > Self.maxErrors { errors.removeLast() }
    }

    /// Adds the games of `other` (whose seeds must be others).
    public mutating func merge(_ other: RunTally) {
        games += other.games
        capped += other.capped
        toppedOut += other.toppedOut
        finished += other.finished
        ruleErrors += other.ruleErrors
        for error in other.errors { note(error) }
        warnedGames += other.warnedGames
        for warning in other.warnings { Self.note(warning, in: &warnings) }
        if let seed = other.lowestSeed { lowestSeed = min(lowestSeed ?? seed, seed) }
        if let seed = other.highestSeed { highestSeed = max(highestSeed ?? seed, seed) }
        for index in base.indices where index < other.base.count { base[index].merge(other.base[index]) }
        if clears.count < other.clears.count { clears += Array(repeating: ValueCounts(), count: other.clears.count - clears.count) }
        for (index, counts) in other.clears.enumerated() { clears[index].merge(counts) }
        for (length, count) in other.clearLengths { clearLengths[length, default: 0] += count }
        held.merge(other.held)
        heldGames += other.heldGames
        result.merge(other.result)
        if tieBreaks.count < other.tieBreaks.count {
            tieBreaks += Array(repeating: ValueCounts(), count: other.tieBreaks.count - tieBreaks.count)
        }
        for (index, counts) in other.tieBreaks.enumerated() { tieBreaks[index].merge(counts) }
        time.merge(other.time)
        for (pieces, ending) in other.endings {
            endings[pieces, default: Ending()].events += ending.events
            endings[pieces, default: Ending()].censored += ending.censored
        }
    }

    /// The longest clear of any game's record (4 with no games), as ``Figure/all(for:result:)`` finds it.
    public var maxClear: Int { games > 0 ? (clearLengths.keys.max() ?? 4) : 4 }

    /// The figures of these games, as ``Figure/all(for:result:)`` gives them for their records.
    public func figures(result format: RunHeader.ResultDescription?) -> [Figure] {
        var figures = Figure.all(maxClear: maxClear)
        if heldGames > 0 { figures.append(.held) }
        if result.total > 0 { figures.append(.result(format)) }
        if let then = format?.then {
            for (index, described) in then.enumerated() where index < tieBreaks.count && tieBreaks[index].total > 0 {
                figures.append(Figure.tieBreak(index, described))
            }
            if time.total > 0 { figures.append(.time) }
        }
        return figures
    }

    /// The values of the figure keyed `key` over the games that have it (as
    /// ``Figure/values(_:)`` lists them), counted.
    public func counts(_ key: String) -> ValueCounts {
        if let index = Figure.base.firstIndex(where: { $0.key == key }) { return base[index] }
        if key == Figure.held.key { return held.shares }
        if key == "result" { return result }
        if key == Figure.time.key { return time }
        if let index = Figure.tieBreakIndex(key) { return index < tieBreaks.count ? tieBreaks[index] : ValueCounts() }
        if key.hasPrefix("clears"), let size = Int(key.dropFirst("clears".count)), size >= 1 {
            var counts = size <= clears.count ? clears[size - 1] : ValueCounts()
            counts.add(0, count: games - counts.total)
            return counts
        }
        return ValueCounts()
    }

    /// The statistics of `figure` over these games, as ``Figure/distribution(_:)`` gives them.
    public func distribution(_ figure: Figure) -> Distribution {
        if figure.share != nil { return Distribution(shares: held) }
        return Distribution(figure: SortedCounts(counts(figure.key)), isRate: figure.isRate)
    }
}

/// Two rule sets' games on the same seeds, tallied pair by pair for `compare`: each side's
/// own tally, and per figure the counts of the seeds' differences `B − A`.
public struct ComparisonTally: Sendable, Equatable {
    public var a = RunTally()
    public var b = RunTally()
    /// Seeds paired.
    public var pairs = 0
    /// The differences of ``Figure/base``, in its order.
    public var differences: [ValueCounts] = Array(repeating: ValueCounts(), count: Figure.base.count)
    /// The 2×2 table of topped out (Newcombe's interval).
    public var toppedOut = PairTable()
    /// `clearDifferences[k − 1]`: over the pairs where a side's record goes to k rows or
    /// more (the others differ by 0).
    public var clearDifferences: [ValueCounts] = []
    /// Pieces held and placed on each side, by seed.
    public var held = ShareDifferenceCounts()
    /// The differences of the results, over the seeds where both sides finished with one.
    public var resultDifferences = ValueCounts()
    /// The differences of each tie-break, over the seeds where both sides have it.
    public var tieBreakDifferences: [ValueCounts] = []
    /// The differences of the time (s), over the seeds where both sides have one.
    public var timeDifferences = ValueCounts()

    public init() {}

    /// The tally of records of the same seeds, in the same order.
    /// - Precondition: `recordsA` and `recordsB` hold the same seeds in the same order.
    public init(recordsA: [GameRecord], recordsB: [GameRecord]) {
        precondition(recordsA.map(\.seed) == recordsB.map(\.seed), "compare needs the same seeds on both sides")
        for (a, b) in zip(recordsA, recordsB) { add(a: a, b: b) }
    }

    /// Counts one more seed, played under A and under B.
    public mutating func add(a recordA: GameRecord, b recordB: GameRecord) {
        a.add(recordA)
        b.add(recordB)
        pairs += 1
        for (index, figure) in Figure.base.enumerated() { differences[index].add(figure.value(recordB) - figure.value(recordA)) }
        toppedOut.add(a: recordA.toppedOut, b: recordB.toppedOut)
        let longest = max(recordA.clears.count, recordB.clears.count)
        if clearDifferences.count < longest { clearDifferences += Array(repeating: ValueCounts(), count: longest - clearDifferences.count) }
        for index in 0..<longest {
            let valueA = index < recordA.clears.count ? Double(recordA.clears[index]) : 0
            let valueB = index < recordB.clears.count ? Double(recordB.clears[index]) : 0
            clearDifferences[index].add(valueB - valueA)
        }
        held.add(partB: Double(recordB.held ?? 0), wholeB: Double(recordB.pieces), partA: Double(recordA.held ?? 0), wholeA: Double(recordA.pieces))
        if let resultA = recordA.result, let resultB = recordB.result { resultDifferences.add(Double(resultB) - Double(resultA)) }
        if let thenA = recordA.then, let thenB = recordB.then {
            let both = min(thenA.count, thenB.count)
            if tieBreakDifferences.count < both {
                tieBreakDifferences += Array(repeating: ValueCounts(), count: both - tieBreakDifferences.count)
            }
            for index in 0..<both { tieBreakDifferences[index].add(Double(thenB[index]) - Double(thenA[index])) }
        }
        if recordA.timeMs != nil, recordB.timeMs != nil {
            timeDifferences.add(Figure.time.value(recordB) - Figure.time.value(recordA))
        }
    }

    /// The figures of both sides' games together, as ``Figure/all(for:result:)`` gives them.
    public func figures(result format: RunHeader.ResultDescription?) -> [Figure] {
        let maxClear = a.games + b.games > 0 ? max(a.games > 0 ? a.maxClear : 0, b.games > 0 ? b.maxClear : 0) : 4
        var figures = Figure.all(maxClear: maxClear)
        if a.heldGames + b.heldGames > 0 { figures.append(.held) }
        if a.result.total + b.result.total > 0 { figures.append(.result(format)) }
        if let then = format?.then {
            for (index, described) in then.enumerated()
            where a.counts("then\(index + 1)").total + b.counts("then\(index + 1)").total > 0 {
                figures.append(Figure.tieBreak(index, described))
            }
            if a.time.total + b.time.total > 0 { figures.append(.time) }
        }
        return figures
    }

    /// The pairs that have `figure` on both sides (a result: both finished with one).
    public func pairCount(_ figure: Figure) -> Int {
        if figure.key == "result" { return resultDifferences.total }
        if figure.key == Figure.time.key { return timeDifferences.total }
        if let index = Figure.tieBreakIndex(figure.key) { return index < tieBreakDifferences.count ? tieBreakDifferences[index].total : 0 }
        return pairs
    }

    /// The paired differences of `figure`, with the interval suited to them.
    public func difference(_ figure: Figure) -> Distribution {
        if figure.share != nil { return Distribution(shareDifferences: held) }
        if figure.key == "toppedOut", let index = Figure.base.firstIndex(where: { $0.key == figure.key }) {
            return Distribution(differences: SortedCounts(differences[index]), rates: toppedOut)
        }
        if let index = Figure.base.firstIndex(where: { $0.key == figure.key }) { return Distribution(SortedCounts(differences[index])) }
        if figure.key == "result" { return Distribution(SortedCounts(resultDifferences)) }
        if figure.key == Figure.time.key { return Distribution(SortedCounts(timeDifferences)) }
        if let index = Figure.tieBreakIndex(figure.key) {
            return Distribution(SortedCounts(index < tieBreakDifferences.count ? tieBreakDifferences[index] : ValueCounts()))
        }
        if figure.key.hasPrefix("clears"), let size = Int(figure.key.dropFirst("clears".count)), size >= 1 {
            var counts = size <= clearDifferences.count ? clearDifferences[size - 1] : ValueCounts()
            counts.add(0, count: pairs - counts.total)
            return Distribution(SortedCounts(counts))
        }
        return Distribution([])
    }
}
