/// A cell position: `x` grows to the right, `y` grows downward; row 0 is the top.
public struct Cell: Hashable, Sendable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

extension Cell: CustomStringConvertible {
    public var description: String { "(\(x), \(y))" }
}
