/// One command of the program (`hanjul run`), declared once. Parsing (``parse(_:)``),
/// `hanjul CMD --help` (``help(program:)``), the top-level usage, the man page and the shell
/// completions are all made from this value, so they cannot disagree.
///
/// ```swift
/// static let declaration = Command(
///     "stats", summary: "merge the JSONL of several sim runs into one summary",
///     synopsis: ["FILE… [--json]"],
///     operands: [Operand("FILE", kind: .input, count: .oneOrMore, help: "a file of hanjul sim --jsonl")],
///     options: [json])
/// ```
public struct Command: Sendable {
    /// The word after the program's name.
    public let name: String
    /// One line for the command list, starting in lower case, no full stop.
    public let summary: String
    /// Usage lines after `hanjul NAME` (`(--seed N | --pieces LETTERS) …`). Every option they
    /// name must be declared (a test checks); when empty, one line is made from the
    /// operands and `[options]`.
    public let synopsis: [String]
    /// Paragraphs for `--help` and the man page. A paragraph whose lines all start with two
    /// spaces is shown as written (examples, tables).
    public let discussion: [String]
    public let operands: [Operand]
    /// The command's options, in the order help lists them (`--help` is added by itself).
    public let options: [Option]
    /// Hidden from the command list and the man page when false.
    public let listed: Bool
    /// Options other commands take that this one does not, each with the message to give
    /// instead of "unknown option" (`["--mod": "a replay names its own mods; --mod does not apply"]`).
    public let misplaced: [String: String]

    public init(_ name: String, summary: String, synopsis: [String] = [], discussion: [String] = [],
                operands: [Operand] = [], options: [Option], misplaced: [String: String] = [:], listed: Bool = true) {
        self.name = name
        self.misplaced = misplaced
        self.summary = summary
        self.synopsis = synopsis
        self.discussion = discussion
        self.operands = operands
        self.options = options
        self.listed = listed
        var seen: Set<String> = []
        for option in allOptions {
            for spelling in [option.name] + option.formerly + (option.short.map { ["-\($0)"] } ?? []) {
                precondition(seen.insert(spelling).inserted, "hanjul \(name): \(spelling) is declared twice")
            }
        }
    }

    /// The declared options and `--help`.
    public var allOptions: [Option] { options + [.help] }

    /// The usage lines, each starting `hanjul NAME` (with `program` the program's name).
    public func usageLines(program: String) -> [String] {
        let lines = synopsis.isEmpty
            ? [(operands.map(\.label) + (options.isEmpty ? [] : ["[options]"])).joined(separator: " ")]
            : synopsis
        return lines.map { ("\(program) \(name) " + $0).trimmingTrailingSpaces() }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
