/// The frame the terminal shows and the writer that updates it: hand it each new frame,
/// write the bytes it returns (in one `write`), and it remembers what is on screen.
///
/// ```
/// var screen = ScreenBuffer(colorMode: .detect(environment))
/// let frame = Layout.frame(for: scene, size: terminalSize)
/// write(fd, screen.update(to: frame))        // only the changed cells
/// screen.invalidate()                        // after a resize or a resume: redraw all next time
/// ```
public struct ScreenBuffer: Sendable {
    /// The writer, and so the colour mode.
    public var writer: TerminalWriter
    /// What the terminal shows, as far as this buffer knows; `nil` when unknown.
    public private(set) var shown: Frame?

    /// A buffer for a terminal whose content is unknown (the first update redraws all).
    public init(colorMode: ColorMode) {
        writer = TerminalWriter(colorMode: colorMode)
        shown = nil
    }

    /// The bytes that bring the terminal from what it shows to `frame`; afterwards the
    /// buffer takes `frame` as shown. Empty when nothing changed.
    public mutating func update(to frame: Frame) -> [UInt8] {
        let bytes = writer.bytes(from: shown, to: frame)
        shown = frame
        return bytes
    }

    /// Forgets what the terminal shows, so the next update clears and redraws everything
    /// (after a resize, a suspend and resume, or anything else writing to the terminal).
    public mutating func invalidate() { shown = nil }
}
