extension Int {
    /// `self + other`, held at `Int.max` (or `Int.min`) rather than overflowing: a total of
    /// values a mod returned (a versus attack may be `math.maxinteger`) must not trap.
    @inlinable
    public func saturatingAdding(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
