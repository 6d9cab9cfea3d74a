import HanJulTerminal
import HanJulText

/// What a command line asks for.
public enum ParseOutcome: Sendable {
    /// Run the command with these arguments.
    case run(Arguments)
    /// `--help` or `-h` was given: show the command's help (and run nothing).
    case help
}

extension Command {
    /// Reads `arguments` (the words after the command's name) left to right:
    ///
    /// - `--name value`, `--name=value`, `-x value` for an option that takes a value: the next
    ///   word is always the value, whatever it looks like (`--seed -1` is the seed `-1`,
    ///   refused as a seed), except that a file or folder value may not be one of the
    ///   command's option names (`--jsonl --json` is a forgotten file name: write
    ///   `--jsonl=--json` to mean it);
    /// - `--flag`; a single-valued option given twice is an error;
    /// - `--` ends the options: every word after it is an operand, even `--json`;
    /// - `-` alone is an operand or a value (standard input or output);
    /// - `--help` or `-h` anywhere before `--` asks for help;
    /// - an old spelling (``Option/formerly``) counts as the option, with a note.
    ///
    /// - Throws: ``UsageError`` naming the first unknown option (with the closest known
    ///   ones), a missing value, a repeated option, or a wrong number of operands.
    public func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome {
        if let end = arguments.firstIndex(of: "--") ?? Optional(arguments.endIndex),
           arguments[..<end].contains(where: { $0 == "--help" || $0 == "-h" }) {
            return .help
        }
        var spellings: [String: (option: Option, old: Bool)] = [:]
        for option in allOptions {
            spellings[option.name] = (option, false)
            if let short = option.short { spellings["-\(short)"] = (option, false) }
            for old in option.formerly { spellings[old] = (option, true) }
        }
        var given: [String: [String]] = [:]
        var operands: [String] = []
        var notes: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if word == "--" {
                operands += arguments[index...]
                break
            }
            guard word.hasPrefix("-"), word != "-" else {
                operands.append(word)
                continue
            }
            var spelling = word
            var inlineValue: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                spelling = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            guard let (option, old) = spellings[spelling] else {
                if let message = misplaced[spelling] { throw UsageError(message) }
                let known = options.flatMap { [$0.name] } + ["--help"]
                let suggestions = Suggestions.closest(to: spelling, among: known)
                throw UsageError("unknown option \(CommandLineText.shown(spelling))"
                                 + Suggestions.didYouMean(suggestions, quote: { $0 }))
            }
            if old {
                notes.append("note: \(spelling) is now \(option.name); the old spelling still works for now")
            }
            let value: String
            if option.takesValue {
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError("\(spelling) needs a value") }
                    value = arguments[index]
                    index += 1
                    if option.kind.isPath, spellings[value] != nil || value.hasPrefix("--") && spellings[String(value.prefix { $0 != "=" })] != nil {
                        throw UsageError("\(spelling) needs a \(option.kind == .folder ? "folder" : "file") name, "
                                         + "but '\(CommandLineText.shown(value))' is an option "
                                         + "(to name a file so, write \(spelling)=\(CommandLineText.shown(value)) or ./\(CommandLineText.shown(value)))")
                    }
                }
            } else {
                guard inlineValue == nil else {
                    throw UsageError("\(spelling) takes no value (got '\(CommandLineText.shown(word))')")
                }
                value = ""
            }
            if !option.repeatable, let earlier = given[option.name], !earlier.isEmpty {
                throw UsageError("\(option.name) is given \(earlier.count + 1) times; give it once")
            }
            given[option.name, default: []].append(value)
        }
        try checkOperands(operands)
        return .run(Arguments(command: name, given: given, operands: operands, notes: notes,
                              declared: Set(allOptions.map(\.name))))
    }

    private func checkOperands(_ operands: [String]) throws(UsageError) {
        var remaining = operands.count
        for operand in self.operands {
            switch operand.count {
            case .one:
                guard remaining >= 1 else { throw UsageError(operand.missing) }
                remaining -= 1
            case .optional:
                remaining = max(0, remaining - 1)
            case .oneOrMore:
                guard remaining >= 1 else { throw UsageError(operand.missing) }
                remaining = 0
            case .any:
                remaining = 0
            }
        }
        if remaining > 0 {
            let extra = operands[operands.count - remaining]
            if extra.hasPrefix("-") && extra != "-" {
                throw UsageError("unexpected argument '\(CommandLineText.shown(extra))' after --")
            }
            throw UsageError("unexpected argument '\(CommandLineText.shown(extra))'")
        }
    }
}

/// How the command line shows text it did not write (argv, paths): through the project's
/// one sanitizer, so an escape byte in an argument cannot reach the terminal (#15 item 10).
public enum CommandLineText {
    /// The most characters of one echoed word: a path fits whole, a 100 KB argument does not
    /// turn its usage error into 100 KB of terminal output.
    public static let shownLimit = 1024

    /// `text` safe to print, cut after ``shownLimit`` characters.
    public static func shown(_ text: String) -> String { visible(text, limit: shownLimit) }

    /// `'text'`, safe to print.
    public static func quoted(_ text: String) -> String { "'" + shown(text) + "'" }
}
