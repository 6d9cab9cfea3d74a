/// One module that `require` loads: its source text and the chunk name its messages and
/// tracebacks show.
///
/// ```swift
/// .success(LuaModule(bytes: Array(source.utf8), chunkName: "@Mods/hello/util.lua"))
/// ```
public struct LuaModule: Sendable, Equatable {
    /// The source text (text only: a binary chunk is refused).
    public var bytes: [UInt8]
    /// Shown in messages: "@Mods/x/util.lua" reads as `Mods/x/util.lua:3:`. A name without a
    /// leading "@" or "=" is used verbatim (prefixed with "=").
    public var chunkName: String

    /// A module's text and the name to show for it.
    public init(bytes: [UInt8], chunkName: String) {
        self.bytes = bytes
        self.chunkName = chunkName
    }
}
