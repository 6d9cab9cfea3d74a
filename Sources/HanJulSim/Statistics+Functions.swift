extension Statistics {
    /// `eˣ` in pure Swift (range reduction by ln 2, then Taylor's series), so p-values come
    /// out with the same bits everywhere. Relative error below 1e-15 on −700…700.
    public static func exp(_ x: Double) -> Double {
        guard !x.isNaN else { return x }
        if x > 709.78 { return .infinity }
        if x < -745.2 { return 0 }
        // ln 2 in two parts (Cody and Waite): k × high is exact, so r keeps its bits for large k.
        let ln2 = 0.693147180559945309417232121458, ln2High = 0.693147180369123816490, ln2Low = 1.90821492927058770002e-10
        let k = (x / ln2).rounded()
        let r = (x - k * ln2High) - k * ln2Low
        var term = 1.0, sum = 1.0
        for n in 1...22 {
            term *= r / Double(n)
            sum += term
        }
        // Two steps keep 2^k representable when the result is subnormal.
        let half = Int(k) / 2
        return sum * Double(sign: .plus, exponent: half, significand: 1) * Double(sign: .plus, exponent: Int(k) - half, significand: 1)
    }

    /// The complementary error function `erfc(x) = 1 − erf(x)`: below 1.5 from erf's series
    /// `2/√π e^(−x²) Σ 2ⁿ x^(2n+1) / (1·3·…·(2n+1))` (every term positive), from 1.5 on from
    /// Laplace's continued fraction (100 terms). Relative error around 1e-15.
    public static func erfc(_ x: Double) -> Double {
        guard !x.isNaN else { return x }
        if x < 0 { return 2 - erfc(-x) }
        let rootPi = 1.772453850905516027298167483341
        if x < 1.5 {
            var term = x, sum = x
            var n = 0.0
            while term > sum * 1e-17 {
                n += 1
                term *= 2 * x * x / (2 * n + 1)
                sum += term
            }
            return 1 - 2 / rootPi * exp(-x * x) * sum
        }
        var fraction = x
        for k in stride(from: 100, through: 1, by: -1) { fraction = x + (Double(k) / 2) / fraction }
        return exp(-x * x) / (rootPi * fraction)
    }

    /// The chance that a χ² variable with one degree of freedom is at least `chiSquare`:
    /// `erfc(√(χ²/2))`.
    public static func chiSquare1PValue(_ chiSquare: Double) -> Double {
        guard chiSquare > 0 else { return 1 }
        return erfc((chiSquare / 2).squareRoot())
    }
}
