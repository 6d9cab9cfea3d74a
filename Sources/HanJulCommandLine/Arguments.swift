/// A parsed command line of one command: each option's values, the operands, and the
/// notes for standard error (old spellings used).
///
/// Read an option through the same ``Option`` value the command declares:
/// ```swift
/// let json = arguments.flag(Self.json)
/// let seed = arguments.value(Self.seed)          // String? ("--seed 7" → "7")
/// let mods = arguments.values(ModOptions.mod)    // every --mod, in order
/// ```
public struct Arguments: Sendable {
    /// The command's name.
    public let command: String
    /// The operands in order (everything after `--` included).
    public let operands: [String]
    /// One line per old spelling used, for standard error:
    /// `note: --pieces is now --cap; the old spelling still works for now`.
    public let notes: [String]
    private let given: [String: [String]]
    private let declared: Set<String>

    init(command: String, given: [String: [String]], operands: [String], notes: [String], declared: Set<String>) {
        self.command = command
        self.given = given
        self.operands = operands
        self.notes = notes
        self.declared = declared
    }

    /// Every value given for `option`, in order (empty when it is absent).
    public func values(_ option: Option) -> [String] {
        precondition(declared.contains(option.name), "hanjul \(command) reads \(option.name), which it does not declare")
        return given[option.name] ?? []
    }

    /// The value of a single-valued option, or nil when it is absent.
    public func value(_ option: Option) -> String? { values(option).last }

    /// Whether `option` (a flag, or one with a value) is given.
    public func flag(_ option: Option) -> Bool { !values(option).isEmpty }

    /// Whether `option` is given.
    public func isGiven(_ option: Option) -> Bool { flag(option) }
}
