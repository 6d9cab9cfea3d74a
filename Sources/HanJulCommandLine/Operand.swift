/// An argument that is not an option: `FILE` in `hanjul replay FILE`, `ID` in `hanjul check ID`.
public struct Operand: Sendable, Hashable {
    /// How many of this operand a command line gives.
    public enum Count: Sendable, Hashable {
        case one, optional, oneOrMore, any
    }

    /// The placeholder in help: `FILE`, `ID`.
    public let name: String
    public let kind: ValueKind
    public let count: Count
    /// What it is, for help and the man page.
    public let help: String
    /// The usage error when it is missing (default: `give NAME`).
    public let missing: String

    public init(_ name: String, kind: ValueKind = .text, count: Count = .one, help: String, missing: String? = nil) {
        self.name = name
        self.kind = kind
        self.count = count
        self.help = help
        self.missing = missing ?? "give \(name)"
    }

    /// `FILE`, `[FILE]`, `FILE...`, `[FILE...]`.
    public var label: String {
        switch count {
        case .one: name
        case .optional: "[\(name)]"
        case .oneOrMore: "\(name)..."
        case .any: "[\(name)...]"
        }
    }
}
