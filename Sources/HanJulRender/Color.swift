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

    /// How light the colour looks, 0 (black) to 255 (white): the Rec. 601 weights of its
    /// channels. `.default` counts as 0.
    public var lightness: Int {
        guard case .rgb(let value) = self else { return 0 }
        let r = Int(value >> 16 & 0xFF), g = Int(value >> 8 & 0xFF), b = Int(value & 0xFF)
        return (299 * r + 587 * g + 114 * b) / 1000
    }

    /// The lightest a colour is drawn on a light background (out of 255): lighter ones, a
    /// yellow, all but vanish on white.
    public static let lightestOnLight = 150

    /// The colour darkened (its hue kept) to at most `lightestOnLight`; darker colours and
    /// `.default` unchanged.
    ///
    /// ```
    /// Color.rgb(0xFFC44D).readableOnLight() == .rgb(0xBF9339)   // the O, gold on white
    /// ```
    public func readableOnLight() -> Color {
        let level = lightness
        guard level > Color.lightestOnLight else { return self }
        return scaled(Color.lightestOnLight * 100 / level)
    }
}
