import HanJulText

extension Layout {
    /// The frame shown when the terminal is smaller than the drawing: "terminal too small:
    /// need W×H, have w×h", on one line when it fits, else in three wrapped parts, centred,
    /// cut to whatever room there is (1×1 shows `t`; 0×0 is an empty frame).
    public static func tooSmallFrame(need: Size, have: Size, style: RenderStyle = .color) -> Frame {
        var frame = Frame(size: have)
        let times = Glyphs(style).times
        let needText = "need \(need.width)\(times)\(need.height),"
        let haveText = "have \(have.width)\(times)\(have.height)"
        let whole = "terminal too small: \(needText) \(haveText)"
        let lines = displayWidth(whole) <= frame.width
            ? [whole]
            : ["terminal too small:", needText, haveText].flatMap { TextWrap.wrap($0, width: frame.width) }
        let top = max((frame.height - lines.count) / 2, 0)
        for (index, line) in lines.prefix(frame.height).enumerated() {
            let left = max((frame.width - displayWidth(line)) / 2, 0)
            frame.write(line, x: left, y: top + index, style: .bold)
        }
        return frame
    }
}
