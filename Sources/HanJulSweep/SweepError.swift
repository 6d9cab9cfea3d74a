import HanJulText

/// What went wrong reading or writing a sweep: a message for the person who ran it, naming
/// the file and line. The commands show it as they show their own errors.
package struct SweepError: Error, Equatable, CustomStringConvertible {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }

    /// The longest path or name shown in a message, in characters.
    static let shownLimit = 1024

    /// `text` safe to print (`visible`), cut after ``shownLimit`` characters.
    static func shown(_ text: String) -> String { visible(text, limit: shownLimit) }

    /// `'text'`, safe to print.
    static func quoted(_ text: String) -> String { "'" + shown(text) + "'" }
}
