/// A colour as the renderer thinks of it: the terminal's default, or an exact `0xRRGGBB`.
///
/// Frames hold exact colours; a `ColorMode` quantises them when the `TerminalWriter`
/// turns a frame into escape text, so one frame serves every terminal.
public enum Color: Hashable, Sendable {
    /// The terminal's own foreground or background colour.
    case `default`
    /// An exact colour, `0xRRGGBB`.
    case rgb(UInt32)

    /// The colour with each channel scaled by `percent` / 100 (towards black), clamped to
    /// 0…100. `.default` stays `.default`.
    ///
    /// ```
    /// Color.rgb(0x3EC8E8).scaled(50) == .rgb(0x1F6474)
    /// ```
    public func scaled(_ percent: Int) -> Color {
        guard case .rgb(let value) = self else { return self }
        let p = UInt32(min(max(percent, 0), 100))
        let r = (value >> 16 & 0xFF) * p / 100, g = (value >> 8 & 0xFF) * p / 100, b = (value & 0xFF) * p / 100
        return .rgb(r << 16 | g << 8 | b)
    }
}
