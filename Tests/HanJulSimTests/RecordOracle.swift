@testable import HanJulSim

/// The record-based summaries as they were before summaries became exact counts (#26),
/// kept only as the oracle of SummaryOracleTests: every value summed in seed order, every
/// game's value kept. The text they print must be the text the counts print, byte for byte.
enum RecordOracle {
    static func distribution(_ values: [Double], interval method: IntervalMethod = .studentT) -> Distribution {
        var d = Distribution([])
        d.count = values.count
        d.interval = method
        guard !values.isEmpty else { return d }
        let sorted = values.sorted()
        d.mean = Statistics.mean(values)
        d.median = Statistics.percentile(sorted: sorted, 50)
        d.p5 = Statistics.percentile(sorted: sorted, 5)
        d.p95 = Statistics.percentile(sorted: sorted, 95)
        d.standardDeviation = Statistics.standardDeviation(values, mean: d.mean)
        switch method {
        case .studentT, .newcombe, .pooledWilson, .pooledDifference:
            let half = Statistics.confidenceHalfWidth95(standardDeviation: d.standardDeviation, count: d.count)
            (d.ciLow, d.ciHigh) = (d.mean - half, d.mean + half)
        case .wilson:
            var successes = 0.0
            for value in values { successes += value }
            (d.ciLow, d.ciHigh) = Statistics.wilson95(successes: successes, count: d.count)
        case .quasiPoisson:
            (d.ciLow, d.ciHigh) = Statistics.quasiPoisson95(mean: d.mean, standardDeviation: d.standardDeviation, count: d.count)
        }
        d.min = sorted[0]
        d.max = sorted[sorted.count - 1]
        return d
    }

    static func figureDistribution(_ values: [Double], isRate: Bool) -> Distribution {
        distribution(values, interval: .suited(to: values, isRate: isRate))
    }

    static func differences(_ b: [Double], minus a: [Double], isRate: Bool) -> Distribution {
        let differences = zip(a, b).map { $1 - $0 }
        guard isRate else { return distribution(differences) }
        var d = distribution(differences, interval: .newcombe)
        if d.count > 0 { (d.ciLow, d.ciHigh) = Statistics.newcombePaired95(a: a, b: b) }
        return d
    }

    static func share(part: [Double], of whole: [Double]) -> Distribution {
        let shares = zip(part, whole).map { $1 > 0 ? $0 / $1 : 0 }
        var d = distribution(shares, interval: .pooledWilson)
        guard d.count > 0 else { return d }
        (d.mean, d.ciLow, d.ciHigh) = Statistics.pooledShare95(part: part, whole: whole)
        return d
    }

    static func shareDifference(partB: [Double], wholeB: [Double], partA: [Double], wholeA: [Double]) -> Distribution {
        let share: (Double, Double) -> Double = { $1 > 0 ? $0 / $1 : 0 }
        let differences = (0..<min(partA.count, partB.count)).map { share(partB[$0], wholeB[$0]) - share(partA[$0], wholeA[$0]) }
        var d = distribution(differences, interval: .pooledDifference)
        guard d.count > 0 else { return d }
        (d.mean, d.ciLow, d.ciHigh) = Statistics.pooledShareDifference95(partB: partB, wholeB: wholeB, partA: partA, wholeA: wholeA)
        return d
    }

    static func distribution(_ figure: Figure, _ records: [GameRecord]) -> Distribution {
        let measured = records.filter(figure.isMeasured)
        if let share = figure.share { return Self.share(part: measured.map(share.part), of: measured.map(share.whole)) }
        return figureDistribution(measured.map(figure.value), isRate: figure.isRate)
    }

    static func figures(_ records: [GameRecord], result format: RunHeader.ResultDescription?) -> [Figure] {
        let maxClear = records.map(\.clears.count).max() ?? 4
        var figures = Figure.all(maxClear: maxClear)
        if records.contains(where: { $0.held != nil }) { figures.append(Figure.held) }
        if records.contains(where: { $0.result != nil }) { figures.append(Figure.result(format)) }
        if let then = format?.then {
            for (index, described) in then.enumerated() where records.contains(where: { ($0.then?.count ?? 0) > index }) {
                figures.append(Figure.tieBreak(index, described))
            }
            if records.contains(where: { $0.timeMs != nil }) { figures.append(Figure.time) }
        }
        return figures
    }

    static func survival(_ records: [GameRecord]) -> SurvivalCurve {
        var curve = SurvivalCurve(endings: [:])
        let ends = records.map { (pieces: $0.pieces, died: $0.outcome == .toppedOut) }.sorted { $0.pieces < $1.pieces }
        curve.games = ends.count
        curve.events = ends.count { $0.died }
        var alive = 1.0, atRisk = ends.count, index = 0
        while index < ends.count {
            let pieces = ends[index].pieces
            var died = 0, stopped = 0
            while index < ends.count && ends[index].pieces == pieces {
                if ends[index].died { died += 1 } else { stopped += 1 }
                index += 1
            }
            alive *= 1 - Double(died) / Double(atRisk)
            curve.steps.append(SurvivalCurve.Step(pieces: pieces, atRisk: atRisk, events: died, censored: stopped, alive: alive))
            if curve.medianPieces == nil && alive <= 0.5 { curve.medianPieces = pieces }
            atRisk -= died + stopped
        }
        return curve
    }

    static func logRank(_ a: [GameRecord], _ b: [GameRecord]) -> LogRankTest {
        var test = LogRankTest(a: [Int: RunTally.Ending](), b: [:])
        let ends = (a.map { ($0.pieces, $0.outcome == .toppedOut, true) } + b.map { ($0.pieces, $0.outcome == .toppedOut, false) })
            .sorted { $0.0 < $1.0 }
        var atRiskA = a.count, atRiskB = b.count
        var observedA = 0, observedB = 0, expectedA = 0.0, variance = 0.0
        var index = 0
        while index < ends.count {
            let pieces = ends[index].0
            var diedA = 0, diedB = 0, leftA = 0, leftB = 0
            while index < ends.count && ends[index].0 == pieces {
                let (_, died, isA) = ends[index]
                if isA { leftA += 1; if died { diedA += 1 } } else { leftB += 1; if died { diedB += 1 } }
                index += 1
            }
            let died = diedA + diedB, n = atRiskA + atRiskB
            if died > 0 {
                let shareA = Double(atRiskA) / Double(n)
                expectedA += Double(died) * shareA
                if n > 1 { variance += Double(died) * shareA * (Double(atRiskB) / Double(n)) * Double(n - died) / Double(n - 1) }
            }
            observedA += diedA
            observedB += diedB
            atRiskA -= leftA
            atRiskB -= leftB
        }
        test.observedA = observedA
        test.observedB = observedB
        test.expectedA = expectedA
        test.expectedB = Double(observedA + observedB) - expectedA
        let difference = Double(observedA) - expectedA
        test.chiSquare = variance > 0 ? difference * difference / variance : 0
        test.pValue = Statistics.chiSquare1PValue(test.chiSquare)
        return test
    }

    static func summary(header: RunHeader, records: [GameRecord]) -> Summary {
        var summary = Summary(header: header, tally: RunTally())
        summary.games = records.count
        summary.capped = records.count { $0.outcome == .capped }
        summary.toppedOut = records.count { $0.outcome == .toppedOut }
        summary.finished = records.count { $0.outcome == .finished }
        summary.ruleErrors = records.count { $0.outcome == .ruleError }
        var distinct: [String] = []
        for record in records {
            if let error = record.error, !distinct.contains(error), distinct.count < 5 { distinct.append(error) }
        }
        summary.errors = distinct
        summary.figures = figures(records, result: header.result).map { figure in
            Summary.Row(key: figure.key, name: figure.name, isRate: figure.isRate, stats: distribution(figure, records))
        }
        summary.survival = survival(records)
        summary.confidenceInterval = Summary.methods(summary.figures.map(\.stats.interval))
        return summary
    }

    static func comparison(a: RunHeader, recordsA: [GameRecord], b: RunHeader, recordsB: [GameRecord]) -> Comparison {
        var comparison = Comparison(a: a, b: b, tally: ComparisonTally())
        comparison.games = recordsA.count
        comparison.figures = figures(recordsA + recordsB, result: a.result ?? b.result).compactMap { figure -> Comparison.Row? in
            let pairs = zip(recordsA, recordsB).filter { figure.isMeasured($0.0) && figure.isMeasured($0.1) }
            if pairs.isEmpty && !recordsA.isEmpty { return nil }
            let d: Distribution
            if let share = figure.share {
                d = shareDifference(partB: pairs.map { share.part($0.1) }, wholeB: pairs.map { share.whole($0.1) },
                                    partA: pairs.map { share.part($0.0) }, wholeA: pairs.map { share.whole($0.0) })
            } else {
                d = differences(pairs.map { figure.value($0.1) }, minus: pairs.map { figure.value($0.0) }, isRate: figure.isRate)
            }
            let statsA = distribution(figure, recordsA), statsB = distribution(figure, recordsB)
            let significant = d.ciLow > 0 || d.ciHigh < 0
            return Comparison.Row(key: figure.key, name: figure.name, isRate: figure.isRate, meanA: statsA.mean, meanB: statsB.mean,
                                  statsA: statsA, statsB: statsB, difference: d, isSignificant: significant,
                                  verdict: Comparison.verdict(figure, meanA: statsA.mean, meanB: statsB.mean, difference: d, significant: significant))
        }
        let curveA = survival(recordsA), curveB = survival(recordsB)
        let test = logRank(recordsA, recordsB)
        let (verdict, headline) = Comparison.survivalVerdict(curveA, curveB, test)
        comparison.survival = Comparison.Survival(a: curveA, b: curveB, logRank: test, verdict: verdict, headline: headline)
        return comparison
    }
}
