import Testing
import HanJulCore
@testable import HanJulRender

/// Names in any script, stacked accents (Zalgo text) and emoji are drawn as a terminal
/// shows them and never push the columns after them (T-20).
@Suite struct WideTextTests {
    static let zalgo = "e" + String(repeating: "\u{301}", count: 40)
    /// `zalgo` as drawn: the letter and its first `DisplayText.maxMarks` accents.
    static let zalgoShown = "e" + String(repeating: "\u{301}", count: DisplayText.maxMarks)

    @Test func charactersAreKeptAndCapped() {
        #expect(DisplayText.sanitized("한줄 中文 🎮 Zoe\u{308}") == "한줄 中文 🎮 Zoe\u{308}")
        #expect(DisplayText.sanitized(Self.zalgo) == Self.zalgoShown)
        #expect(DisplayText.sanitized("\u{301}a") == "?a", "a mark with nothing under it shows as ?")
        #expect(DisplayText.sanitized("한줄 e\u{301} 🎮 Zo\u{EB} →", asciiOnly: true) == "?? ? ? Zo? >")
        #expect(DisplayText.sanitized("\u{23F1}\u{FE0F}") == "\u{23F1}\u{FE0F}", "an emoji keeps its variation selector (H-4)")
        #expect(DisplayText.sanitized("a\u{FE0F}\u{200B}") == #"a\u{FE0F}\u{200B}"#, "elsewhere invisible characters stay escaped (T-17)")
    }

    @Test func truncationNeverSplitsACharacter() {
        #expect(DisplayText.truncated("中文中文", to: 6, ellipsis: "…") == "中文…")
        #expect(DisplayText.truncated("中文中文", to: 5, ellipsis: "…") == "中文…")
        #expect(DisplayText.truncated("中文", to: 4, ellipsis: "…") == "中文")
        #expect(DisplayText.truncated(Self.zalgoShown + "xyz", to: 3, ellipsis: "…") == Self.zalgoShown + "x…")
    }

    @Test func aWideCharacterTakesTwoCellsAndStaysWhole() {
        var frame = Frame(width: 5, height: 1)
        #expect(frame.write("中文中", x: 0, y: 0) == 6)
        #expect(frame[0, 0].isWide && frame[1, 0].isContinuation && frame[2, 0].isWide && frame[3, 0].isContinuation)
        #expect(frame[4, 0] == .blank, "a wide character cut by the right edge leaves a space")
        #expect(frame.text == "中文")
        frame[1, 0] = FrameCell("x")
        #expect(frame.text == " x文", "writing over half of a wide character blanks the other half")
        frame.write("é\u{301}", x: 3, y: 0)
        #expect(frame.text == " x é\u{301}", "over the right half too")
        #expect(frame[3, 0].text == "é\u{301}" && !frame[3, 0].isWide)
        frame[0, 0] = FrameCell("z")
        frame.write("🎮", x: -1, y: 0)
        #expect(frame[0, 0] == .blank, "cut by the left edge: the half inside is a space")
        var wider = Frame(width: 6, height: 1)
        wider.write("ab한", x: 2, y: 0)
        wider.fill(x: 0, y: 0, width: 5, height: 1, with: FrameCell("-"))
        #expect(wider.text == "-----", "a fill over half of a wide character blanks the other half")
        #expect(wider[5, 0] == .blank)
    }

    @Test(arguments: TerminalWriterTests.modes)
    func wideCharactersAndMarksReplayExactly(mode: ColorMode) {
        var random = SplitMix64(seed: 7)
        let words = ["a", "中", "한줄", Self.zalgo, "🎮", "x\u{301}\u{302}", "ab", "Zoë", "…"]
        let styles = [TextStyle.plain, .bold, TextStyle(foreground: .rgb(0x3EC8E8)), TextStyle(background: .rgb(0x202020))]
        let writer = TerminalWriter(colorMode: mode)
        var previous: Frame? = nil
        var frame = Frame(width: 13, height: 5)
        for round in 0..<300 {
            for _ in 0..<random.below(6) {
                frame.write(words[random.below(words.count)], x: random.below(15) - 1, y: random.below(5),
                            style: styles[random.below(styles.count)])
            }
            if random.below(4) == 0 { frame[random.below(13), random.below(5)] = FrameCell("#") }
            let bytes = writer.bytes(from: previous, to: frame)
            TerminalWriterTests.check(bytes, turn: previous, into: frame, writer: writer)
            previous = round % 60 == 59 ? nil : frame
        }
    }

    @Test func theCellAfterAWideCharacterIsReachedByAnAbsoluteMove() {
        var frame = Frame(width: 8, height: 1)
        frame.write("中ab", x: 0, y: 0)
        // Whatever width the terminal gives 中, `a` lands in column 3.
        #expect(visible(TerminalWriter(colorMode: .none).bytes(from: Frame(width: 8, height: 1), to: frame)) == "␛[H中␛[1;3Hab")
    }

    static let names = [zalgo, "한줄", "🎮🎮", "ana"]

    /// A game-over table whose names are Zalgo text, Hangul, emoji and plain letters.
    static func table(style: RenderStyle) throws -> Frame {
        var scene = try LayoutTests.game(style: style)
        let rows = names.enumerated().map { index, name in
            var row = HighScoreEntry(score: 9111 - 889 * index, lines: 41 - 9 * index, level: 5 + index,
                                     label: "05-0\(index + 1)", isLatest: index == 1)
            row.name = name
            return row
        }
        scene.overlay = .gameOver(GameOverSummary(reason: GameOverSummary.describe(.blockedSpawn), table: rows,
                                                  hint: "r restart · q quit"))
        return render(scene, size: Size(width: 80, height: 24))
    }

    /// The terminal after the frame is written to it from nothing, and the rows of the
    /// table: the header's row first.
    static func drawn(_ frame: Frame) -> (VirtualTerminal, [Int]) {
        let writer = TerminalWriter(colorMode: .none)
        var terminal = VirtualTerminal(width: frame.width, height: frame.height)
        terminal.feed(writer.bytes(from: nil, to: frame))
        #expect(terminal.problems == [])
        #expect(terminal.shows(frame, writer: writer))
        let header = (0..<frame.height).first { terminal.column(of: "SCORE", row: $0) != nil } ?? 0
        return (terminal, Array(header...(header + names.count)))
    }

    @Test func aTableOfNamesInAnyScriptStaysAligned() throws {
        let (terminal, rows) = Self.drawn(try Self.table(style: .monochrome))
        let header = rows[0]
        for (index, row) in rows.dropFirst().enumerated() {
            let text = terminal.row(row)
            #expect(text.contains(index == 0 ? Self.zalgoShown : Self.names[index]), "the name shows: \(text)")
            #expect(!text.contains("?"), "\(text)")
            // The figures are right-aligned under their headers, all of the same width.
            #expect(terminal.column(of: "\(9111 - 889 * index)", row: row) == terminal.column(of: "SCORE", row: header)! + 1, "\(text)")
            #expect(terminal.column(of: "\(41 - 9 * index)", row: row) == terminal.column(of: "LINES", row: header)! + 3, "\(text)")
            #expect(terminal.column(of: "05-0\(index + 1)", row: row) == terminal.column(of: "9111", row: rows[1])! + 20, "\(text)")
        }
    }

    @Test func aTableInASCIIStaysASCIIAndAligned() throws {
        let frame = try Self.table(style: .ascii)
        let bytes = TerminalWriter(colorMode: .none).bytes(from: nil, to: frame)
        #expect(bytes.allSatisfy { $0 < 0x80 })
        let (terminal, rows) = Self.drawn(frame)
        let header = rows[0]
        for (index, row) in rows.dropFirst().enumerated() {
            #expect(terminal.column(of: "\(9111 - 889 * index)", row: row) == terminal.column(of: "SCORE", row: header)! + 1)
            #expect(terminal.column(of: "05-0\(index + 1)", row: row) == terminal.column(of: "9111", row: rows[1])! + 20)
        }
        #expect(terminal.row(rows[2]).contains("??"), "Hangul is ? in ASCII, a column each character")
    }
}
