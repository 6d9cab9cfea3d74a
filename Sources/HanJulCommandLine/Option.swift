/// One option of a command, declared once: the parser, `--help`, the man page and the
/// shell completions are all made from it.
///
/// ```swift
/// static let workers = Option("--workers", value: "K", help: "games played at once (default: one per core)")
/// static let json = Option.flag("--json", help: "print the summary as JSON")
/// static let mod = Option("--mod", value: "ID", kind: .mod, repeatable: true, help: "play under this mod")
/// static let cap = Option("--cap", value: "PIECES", formerly: ["--pieces"], help: "…")
/// ```
public struct Option: Sendable, Hashable {
    /// The long name with its dashes: `--seed`.
    public let name: String
    /// A one-letter spelling (`q` for `-q`), if any.
    public let short: Character?
    /// The value's placeholder in help (`N`, `FILE`); nil for a flag, which takes no value.
    public let placeholder: String?
    /// What the value is.
    public let kind: ValueKind
    /// Whether the option may be given more than once (each value is kept, in order).
    public let repeatable: Bool
    /// One line (or a few sentences) for help and the man page, starting in lower case.
    public let help: String
    /// Old spellings still accepted, each with a note on standard error saying the new one.
    public let formerly: [String]

    /// An option that takes a value (`--seed 7` or `--seed=7`).
    public init(_ name: String, short: Character? = nil, value placeholder: String, kind: ValueKind = .text,
                repeatable: Bool = false, formerly: [String] = [], help: String) {
        precondition(name.hasPrefix("--") && name.count > 2, "an option's name is --something: \(name)")
        self.name = name
        self.short = short
        self.placeholder = placeholder
        self.kind = kind
        self.repeatable = repeatable
        self.help = help
        self.formerly = formerly
    }

    private init(flag name: String, short: Character?, formerly: [String], help: String) {
        precondition(name.hasPrefix("--") && name.count > 2, "an option's name is --something: \(name)")
        self.name = name
        self.short = short
        self.placeholder = nil
        self.kind = .text
        self.repeatable = false
        self.help = help
        self.formerly = formerly
    }

    /// A flag: present or not, no value (`--json`).
    public static func flag(_ name: String, short: Character? = nil, formerly: [String] = [], help: String) -> Option {
        Option(flag: name, short: short, formerly: formerly, help: help)
    }

    /// Whether this option takes a value.
    public var takesValue: Bool { placeholder != nil }

    /// `--seed N`, `-q, --quiet`, `--mod ID…`: how help names the option.
    public var label: String {
        var text = short.map { "-\($0), " } ?? ""
        text += name
        if let placeholder { text += " " + placeholder }
        return text
    }

    /// `-h, --help`: every command has it; the parser handles it.
    public static let help = Option.flag("--help", short: "h", help: "show this help and exit")
}
