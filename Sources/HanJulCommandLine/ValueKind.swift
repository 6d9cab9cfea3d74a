/// What an option's value or an operand is: it decides how help describes it, what the
/// shell completes for it, and whether `-` may stand for a standard stream.
public enum ValueKind: Sendable, Hashable {
    /// Free text (a script, a number, a range): nothing to complete.
    case text
    /// One of a fixed set of words, completed from them.
    case choice([String])
    /// A file that is read; `-` means standard input.
    case input
    /// A file that is written; `-` means standard output.
    case output
    /// A path that must name a real file (no `-`), e.g. a source file handed to a compiler.
    case path
    /// A folder.
    case folder
    /// A mod id, completed from the mods found (`hanjul mods --ids`).
    case mod
    /// A command name of the program.
    case command

    /// Whether a path-like value names a file or folder, so a value that is one of the
    /// command's option names is refused rather than taken as a name (`--jsonl --json`).
    var isPath: Bool {
        switch self {
        case .input, .output, .path, .folder: true
        case .text, .choice, .mod, .command: false
        }
    }
}
