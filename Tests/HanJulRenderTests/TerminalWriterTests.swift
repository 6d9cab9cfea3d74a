import Testing
import HanJulCore
@testable import HanJulRender

/// Escape text that writes only what changed, checked byte for byte on small frames and
/// by replaying it into `VirtualTerminal` on game frames.
@Suite struct TerminalWriterTests {
    static let modes: [ColorMode] = [.trueColor, .palette256, .palette16, .none]

    /// Writes `bytes` onto a terminal showing `previous` and checks the result is `frame`.
    static func check(_ bytes: [UInt8], turn previous: Frame?, into frame: Frame, writer: TerminalWriter,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        var terminal = previous.map { VirtualTerminal(showing: $0, writer: writer) }
            ?? VirtualTerminal(width: frame.width, height: frame.height)
        if previous == nil {
            // Whatever the screen showed before, the output must clear it.
            terminal.cells = terminal.cells.map { _ in VirtualTerminal.Cell(character: "#") }
        }
        terminal.feed(bytes)
        #expect(terminal.problems == [], sourceLocation: sourceLocation)
        #expect(terminal.shows(frame, writer: writer), sourceLocation: sourceLocation)
        #expect(terminal.style == .plain, "the output leaves the default style", sourceLocation: sourceLocation)
    }

    @Test(arguments: modes)
    func unchangedFrameWritesNothing(mode: ColorMode) throws {
        let frame = render(try LayoutTests.game(style: .color))
        #expect(TerminalWriter(colorMode: mode).bytes(from: frame, to: frame) == [])
        #expect(FrameDiff(from: frame, to: frame).isEmpty)
    }

    /// A sideways step of the T changes two rows of the piece and two of the ghost; each
    /// row costs at most a CUP (≤ 7 bytes: `␛[19;8H`), the empty-cell grey (11, `␛[38;5;239m`),
    /// ` .` (2), a jump over the unchanged cells (4, `␛[4C`), the kind's 24-bit colour
    /// (≤ 21, `␛[0;48;2;192;132;252m`, a background) and two spaces: at most 49 bytes, so
    /// 4 × 49 + 4 for the final reset = 200. Measured: 190 bytes in 24-bit colour, 158 in
    /// 256 colours, 114 in 16 colours, 60 without colour; a one-row drop: 71 bytes.
    @Test func oneStepMoveWritesAFewCellsInUnder200Bytes() throws {
        var scene = try LayoutTests.game(style: .color)
        let before = render(scene)
        scene.piece!.x += 1
        let after = render(scene)
        let expected: [ColorMode: Int] = [.trueColor: 190, .palette256: 158, .palette16: 114, .none: 60]
        for mode in Self.modes {
            let writer = TerminalWriter(colorMode: mode)
            let bytes = writer.bytes(from: before, to: after)
            #expect(bytes.count <= 200)
            #expect(bytes.count == expected[mode], "\(mode)")
            Self.check(bytes, turn: before, into: after, writer: writer)
        }
        #expect(FrameDiff(from: before, to: after).changedCellCount == 16, "4 game cells for the piece, 4 for the ghost")
        #expect(visible(TerminalWriter(colorMode: .trueColor).bytes(from: before, to: after)) == """
            ␛[7;10H␛[38;5;239m .␛[0;48;2;192;132;252m  ␛[8;8H␛[0;38;5;239m .␛[4C␛[0;48;2;192;132;252m  \
            ␛[18;10H␛[0;38;5;239m .␛[38;2;115;79;151m░░␛[19;8H␛[38;5;239m .␛[4C␛[38;2;115;79;151m░░␛[0m
            """)
        scene.piece!.x -= 1
        scene.piece!.y += 1
        let dropped = render(scene)
        let drop = TerminalWriter(colorMode: .trueColor).bytes(from: before, to: dropped)
        #expect(drop.count == 71)
        Self.check(drop, turn: before, into: dropped, writer: TerminalWriter(colorMode: .trueColor))
    }

    @Test(arguments: modes)
    func fullRedrawClearsAndWritesEveryNonBlankCell(mode: ColorMode) throws {
        let frame = render(try LayoutTests.game(style: .color), size: Size(width: 50, height: 24))
        let writer = TerminalWriter(colorMode: mode)
        let bytes = writer.bytes(from: nil, to: frame)
        #expect(visible(bytes).hasPrefix("␛[0m␛[2J"))
        #expect(FrameDiff(from: nil, to: frame).isFullRedraw)
        Self.check(bytes, turn: nil, into: frame, writer: writer)
    }

    @Test func aNewSizeIsAFullRedraw() throws {
        let small = Frame(width: 3, height: 1)
        var large = Frame(width: 4, height: 1)
        large.write("ok", x: 1, y: 0)
        let diff = FrameDiff(from: small, to: large)
        #expect(diff.isFullRedraw)
        #expect(visible(TerminalWriter(colorMode: .none).bytes(from: small, to: large)) == "␛[0m␛[2J␛[1;2Hok")
        #expect(visible(TerminalWriter(colorMode: .none).bytes(from: nil, to: Frame(width: 0, height: 0))) == "␛[0m␛[2J")
    }

    @Test func cursorMovesTakeTheShortestForm() {
        let writer = TerminalWriter(colorMode: .none)
        let blank = Frame(width: 20, height: 4)
        var frame = blank
        frame.write("a--b", x: 2, y: 1)     // a and b change; "--" is rewritten (2 bytes < ␛[2C)
        frame.write("c", x: 6, y: 2)        // straight below the cursor: ␛[B
        frame.write("d", x: 0, y: 3)        // next row, first column: ␛[4H is shorter than ␛[B␛[8D
        var previous = blank
        previous.write(" --", x: 2, y: 1)
        #expect(visible(writer.bytes(from: previous, to: frame)) == "␛[2;3Ha--b␛[Bc␛[4Hd")
        var far = blank
        far.write("x", x: 0, y: 0)
        far.write("z", x: 3, y: 0)          // two blanks rewritten: 2 bytes < ␛[2C
        far.write("y", x: 15, y: 0)         // ␛[16G and ␛[11C tie at 5 bytes; the absolute one is tried first
        #expect(visible(writer.bytes(from: blank, to: far)) == "␛[Hx  z␛[16Gy")
    }

    @Test func sgrIsWrittenOnlyWhenTheStyleChanges() {
        var frame = Frame(width: 12, height: 1)
        frame.write("redred", x: 0, y: 0, style: TextStyle(foreground: .rgb(0xFF0000)))
        frame.write("Bold", x: 6, y: 0, style: TextStyle(foreground: .rgb(0xFF0000), attributes: .bold))
        frame.write("n", x: 10, y: 0)
        frame.write("r", x: 11, y: 0, style: TextStyle(background: .rgb(0x0000FF), attributes: .reverse))
        #expect(visible(TerminalWriter(colorMode: .trueColor).bytes(from: Frame(width: 12, height: 1), to: frame))
            == "␛[H␛[38;5;196mredred␛[1mBold␛[0mn␛[7;48;5;21mr␛[0m")
        #expect(visible(TerminalWriter(colorMode: .palette16).bytes(from: Frame(width: 12, height: 1), to: frame))
            == "␛[H␛[91mredred␛[1mBold␛[0mn␛[7;104mr␛[0m")
        #expect(visible(TerminalWriter(colorMode: .none).bytes(from: Frame(width: 12, height: 1), to: frame))
            == "␛[Hredred␛[1mBold␛[0mn␛[7mr␛[0m")
    }

    @Test func colourSpellingsPerMode() {
        var frame = Frame(width: 1, height: 1)
        frame[0, 0] = FrameCell("Z", style: TextStyle(foreground: .rgb(0xFB7185)))
        let spelled = Self.modes.map { visible(TerminalWriter(colorMode: $0).bytes(from: nil, to: frame)) }
        #expect(spelled == [
            "␛[0m␛[2J␛[H␛[38;2;251;113;133mZ␛[0m",
            "␛[0m␛[2J␛[H␛[38;5;204mZ␛[0m",
            "␛[0m␛[2J␛[H␛[91mZ␛[0m",
            "␛[0m␛[2J␛[HZ",
        ])
    }

    @Test func controlCharactersPutInCellsNeverReachTheTerminal() {
        var frame = Frame(width: 3, height: 1)
        frame[0, 0] = FrameCell("\u{1B}")
        frame[1, 0] = FrameCell("\u{9B}")
        frame[2, 0] = FrameCell("\u{07}")
        #expect(visible(TerminalWriter(colorMode: .none).bytes(from: Frame(width: 3, height: 1), to: frame)) == "␛[H???")
    }

    @Test func lastColumnIsNeverFollowedByTextWithoutAMove() {
        var frame = Frame(width: 4, height: 2)
        frame.write("abcd", x: 0, y: 0)
        frame.write("e", x: 0, y: 1)
        #expect(visible(TerminalWriter(colorMode: .none).bytes(from: Frame(width: 4, height: 2), to: frame))
            == "␛[Habcd␛[2He")
    }

    @Test(arguments: modes)
    func randomFramesReplayExactly(mode: ColorMode) {
        var random = SplitMix64(seed: 2024)
        let characters: [Unicode.Scalar] = [" ", ".", "█", "░", "[", "]", "a", "─"]
        let styles = [TextStyle.plain, .bold, .dim, TextStyle(foreground: .rgb(0x3EC8E8)),
                      TextStyle(foreground: .rgb(0xFFC44D), attributes: [.bold, .reverse]),
                      TextStyle(foreground: .rgb(0x4E4E4E), background: .rgb(0x202020)), TextStyle(attributes: .dim)]
        let writer = TerminalWriter(colorMode: mode)
        var previous: Frame? = nil
        var frame = Frame(width: 17, height: 9)
        for round in 0..<200 {
            for _ in 0..<random.below(30) {
                frame[random.below(17), random.below(9)] = FrameCell(characters[random.below(characters.count)],
                                                                    style: styles[random.below(styles.count)])
            }
            let bytes = writer.bytes(from: previous, to: frame)
            Self.check(bytes, turn: previous, into: frame, writer: writer)
            previous = round % 50 == 49 ? nil : frame
        }
    }
}

/// Known colours mapped to the 256- and 16-colour palettes.
@Suite struct ColorQuantizationTests {
    @Test(arguments: [
        (0x000000, 16), (0xFFFFFF, 231), (0xFF0000, 196), (0x5F87AF, 67), (0x808080, 244), (0x080808, 232),
        (0x4E4E4E, 239), (0x3EC8E8, 80), (0xFB7185, 204), (0xC084FC, 141),
    ] as [(UInt32, Int)])
    func palette256(rgb: UInt32, index: Int) {
        #expect(ColorQuantization.palette256Index(rgb) == index)
    }

    /// The standard palette keeps its hues in 16 colours (plain distance would turn S cyan and Z grey).
    @Test(arguments: [
        (0x3EC8E8, 14), (0xFFC44D, 11), (0xC084FC, 13), (0x4ADE80, 10), (0xFB7185, 9), (0x60A5FA, 12), (0xFB923C, 9),
        (0x000000, 0), (0xFFFFFF, 15), (0x808080, 8), (0xC0C0C0, 7), (0x800000, 1), (0x734F97, 5), (0x101010, 0),
    ] as [(UInt32, Int)])
    func palette16(rgb: UInt32, index: Int) {
        #expect(ColorQuantization.palette16Index(rgb) == index)
    }

    @Test func palette256ColoursRoundTrip() {
        for index in 16...255 {
            let rgb = ColorQuantization.palette256Color(index)!
            #expect(ColorQuantization.palette256Index(rgb) == index)
        }
        #expect(ColorQuantization.palette256Color(15) == nil)
        #expect(ColorQuantization.palette256Color(256) == nil)
    }

    @Test func detectFollowsTheEnvironment() {
        #expect(ColorMode.detect(["NO_COLOR": "1", "COLORTERM": "truecolor"]) == .none)
        #expect(ColorMode.detect(["NO_COLOR": "", "COLORTERM": "truecolor"]) == .trueColor)
        #expect(ColorMode.detect(["TERM": "xterm-256color"]) == .palette256)
        #expect(ColorMode.detect(["TERM": "dumb"]) == .none)
        #expect(ColorMode.detect(["TERM": "xterm"]) == .palette16)
        #expect(ColorMode.detect(["TERM": "xterm-direct"]) == .trueColor)
    }

    @Test func escapeCodesAreTheUsualOnes() {
        #expect(EscapeCode.alternateScreenOn.bytes == [0x1B] + Array("[?1049h".utf8))
        #expect(EscapeCode.cursorHide.rawValue == "\u{1B}[?25l")
        #expect(visible(EscapeCode.cursorPosition(row: 1, column: 1)) == "␛[H")
        #expect(visible(EscapeCode.cursorPosition(row: 12, column: 1)) == "␛[12H")
        #expect(visible(EscapeCode.cursorPosition(row: 3, column: 40)) == "␛[3;40H")
    }
}

/// The previous-frame bookkeeping the terminal loop relies on.
@Suite struct ScreenBufferTests {
    @Test func firstUpdateRedrawsThenOnlyChangesThenRedrawsAfterInvalidate() throws {
        var scene = try LayoutTests.game(style: .color)
        var screen = ScreenBuffer(colorMode: .palette256)
        let first = screen.update(to: render(scene))
        #expect(visible(first).hasPrefix("␛[0m␛[2J"))
        #expect(screen.update(to: render(scene)) == [])
        scene.piece!.x += 1
        #expect(screen.update(to: render(scene)).count == 158)
        screen.invalidate()
        #expect(screen.update(to: render(scene)).count > 1000)
    }
}
