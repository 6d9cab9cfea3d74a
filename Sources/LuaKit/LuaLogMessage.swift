/// One line a script wrote with `print` or `warn`. Scripts never reach the terminal
/// (L-11): the host decides where these go.
public struct LuaLogMessage: Sendable, Equatable {
    /// Which function wrote the line.
    public enum Kind: Sendable, Equatable {
        /// `print(...)`: arguments converted with the sandbox `tostring`, tab-separated.
        case print
        /// `warn(...)`: the pieces concatenated. Control messages ("@on") are ignored.
        case warning
    }
    /// print or warn.
    public var kind: Kind
    /// The text, at most 8 KiB, with its exact bytes (sanitise before display).
    public var text: LuaString

    /// Creates a log line.
    public init(kind: Kind, text: LuaString) {
        self.kind = kind
        self.text = text
    }
}
