/// The log-rank (Mantel–Cox) test of whether two survival curves differ.
///
/// At every piece count where some game topped out, the events of A are compared with
/// what they would be if both sides shared one curve: `E_A = d × n_A / n` (d events among
/// n games at risk, n_A of them A's), with the hypergeometric variance
/// `d (n_A / n)(n_B / n)(n − d)/(n − 1)`. The sums give `χ² = (O_A − E_A)² / V` on one
/// degree of freedom. The test treats A's and B's games as independent samples; in
/// `compare` they share seeds, which makes it if anything cautious.
public struct LogRankTest: Equatable, Codable, Sendable {
    /// Games of A that topped out, and how many the shared curve expects.
    public var observedA: Int
    public var expectedA: Double
    public var observedB: Int
    public var expectedB: Double
    public var chiSquare: Double
    public var pValue: Double

    /// The test of A's records against B's.
    public init(a: [GameRecord], b: [GameRecord]) {
        self.init(a: RunTally(a).endings, b: RunTally(b).endings)
    }

    /// The test of A's games against B's, counted by the piece count they ended at.
    public init(a: [Int: RunTally.Ending], b: [Int: RunTally.Ending]) {
        var atRiskA = a.values.reduce(0) { $0 + $1.events + $1.censored }, atRiskB = b.values.reduce(0) { $0 + $1.events + $1.censored }
        var observedA = 0, observedB = 0, expectedA = 0.0, variance = 0.0
        for pieces in Set(a.keys).union(b.keys).sorted() {
            let endA = a[pieces] ?? RunTally.Ending(), endB = b[pieces] ?? RunTally.Ending()
            let diedA = endA.events, diedB = endB.events
            let leftA = endA.events + endA.censored, leftB = endB.events + endB.censored
            let died = diedA + diedB, n = atRiskA + atRiskB
            if died > 0 {
                let shareA = Double(atRiskA) / Double(n)
                expectedA += Double(died) * shareA
                if n > 1 {
                    variance += Double(died) * shareA * (Double(atRiskB) / Double(n)) * Double(n - died) / Double(n - 1)
                }
            }
            observedA += diedA
            observedB += diedB
            atRiskA -= leftA
            atRiskB -= leftB
        }
        self.observedA = observedA
        self.observedB = observedB
        self.expectedA = expectedA
        expectedB = Double(observedA + observedB) - expectedA
        let difference = Double(observedA) - expectedA
        chiSquare = variance > 0 ? difference * difference / variance : 0
        pValue = Statistics.chiSquare1PValue(chiSquare)
    }

    /// Whether the curves differ at the 5% level.
    public var isSignificant: Bool { pValue < 0.05 }

    /// `"p < 0.001"`, `"p = 0.034"`.
    public var pText: String { pValue < 0.001 ? "p < 0.001" : "p = \(Format.fixed(pValue, 3))" }

    /// `"log-rank χ² = 512.3, p < 0.001"`
    public var description: String { "log-rank χ² = \(Format.number(chiSquare, digits: 1)), \(pText)" }
}
