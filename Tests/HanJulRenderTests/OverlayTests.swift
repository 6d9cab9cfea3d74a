import Testing
import HanJulCore
@testable import HanJulRender

/// Boxes over the game: pause, help, game over, and messages such as a mod's error.
@Suite struct OverlayTests {
    static func scene(_ overlay: Overlay) throws -> Scene {
        var scene = try LayoutTests.game(style: .monochrome)
        scene.overlay = overlay
        return scene
    }

    @Test func pausedBoxCoversTheBoardsWidth() throws {
        #expect(render(try Self.scene(.paused(hint: "p resume · q quit"))).text == screen("""
            ┌────────────────────┐  NEXT
            │ . . . . . . . . . .│    [][][][]
            │ . . . . . . . . . .│
            │ . . . . . . . . . .│
            │ . . . . . . . . . .│      [][]
            │ . . . . . . . . . .│      [][]
            │ . . . .[] . . . . .│
            │ . . .[][][] . . . .│  SCORE         1200
            ┌────────────────────┐  LINES           12
            │       PAUSED       │  LEVEL            2
            │                    │  SPEED       655 ms
            │ p resume · q quit  │  BEST          9000
            └────────────────────┘  TIME          1:23
            │ . . . . . . . . . .│
            │ . . . . . . . . . .│  MODS
            │ . . . . . . . . . .│    garbage
            │ . . . . . . . . . .│
            │ . . . .:: . . . . .│
            │ . . .:::::: . . . .│
            │ . . . .[] . . . . .│
            │[][][][] .[][] . .[]│
            └────────────────────┘
            """))
    }

    @Test func helpListsTheKeysItIsGivenOverTheBoardOnly() throws {
        let keys = ["left      ← h a", "right     → l d", "hard drop Space", "quit      q Esc", "          Ctrl-C"]
        let frame = render(try Self.scene(.help(lines: keys)))
        #expect(frame.text == screen("""
            ┌────────────────────┐  NEXT
            │ . . . . . . . . . .│    [][][][]
            │ . . . . . . . . . .│
            │ . . . . . . . . . .│
            │ . . . . . . . . . .│      [][]
            │ . . . . . . . . . .│      [][]
            ┌────────────────────┐
            │        KEYS        │  SCORE         1200
            │                    │  LINES           12
            │ left      ← h a    │  LEVEL            2
            │ right     → l d    │  SPEED       655 ms
            │ hard drop Space    │  BEST          9000
            │ quit      q Esc    │  TIME          1:23
            │           Ctrl-C   │
            └────────────────────┘  MODS
            │ . . . . . . . . . .│    garbage
            │ . . . . . . . . . .│
            │ . . . .:: . . . . .│
            │ . . .:::::: . . . .│
            │ . . . .[] . . . . .│
            │[][][][] .[][] . .[]│
            └────────────────────┘
            """))
    }

    static let summary = GameOverSummary(
        reason: GameOverSummary.describe(.blockedSpawn),
        table: [HighScoreEntry(score: 9000, lines: 40, level: 5, label: "05-01"),
                HighScoreEntry(score: 1200, lines: 12, level: 2, label: "today", isLatest: true)],
        hint: "r restart · q quit")

    @Test func gameOverGoesBesideTheBoardWhichStaysVisible() throws {
        let frame = render(try Self.scene(.gameOver(Self.summary)))
        // At the smallest size the table keeps the columns that fit: rank and score.
        #expect(frame.text == screen("""
            ┌────────────────────┐  ┌────────────────┐
            │ . . . . . . . . . .│  │   GAME OVER    │
            │ . . . . . . . . . .│  │                │
            │ . . . . . . . . . .│  │ no room for    │
            │ . . . . . . . . . .│  │ the next piece │
            │ . . . . . . . . . .│  │                │
            │ . . . .[] . . . . .│  │ Score   1200   │
            │ . . .[][][] . . . .│  │ Lines     12   │
            │ . . . . . . . . . .│  │ Level      2   │
            │ . . . . . . . . . .│  │ Time    1:23   │
            │ . . . . . . . . . .│  │                │
            │ . . . . . . . . . .│  │     SCORE      │
            │ . . . . . . . . . .│  │  1   9000      │
            │ . . . . . . . . . .│  │ ▶2   1200      │
            │ . . . . . . . . . .│  │                │
            │ . . . . . . . . . .│  │ r restart · q  │
            │ . . . . . . . . . .│  │      quit      │
            │ . . . .:: . . . . .│  └────────────────┘
            │ . . .:::::: . . . .│
            │ . . . .[] . . . . .│
            │[][][][] .[][] . .[]│
            └────────────────────┘
            """))
        #expect(frame[27, 13].attributes == .bold, "the latest game's row stands out")
        #expect(frame[27, 12].attributes == [])
    }

    @Test func gameOverInAWideTerminalShowsTheWholeTable() throws {
        let frame = render(try Self.scene(.gameOver(Self.summary)), size: Size(width: 80, height: 22))
        let lines = trimmedLines(frame)
        #expect(lines[10].hasSuffix("│     SCORE  LINES  LEVEL        │"), "\(frame.text)")
        #expect(lines[11].hasSuffix("│  1   9000     40      5  05-01 │"))
        #expect(lines[12].hasSuffix("│ ▶2   1200     12      2  today │"))
        #expect(lines[14].contains("│ . . . . . . . . . .│  │       r restart · q quit       │"), "the board is still drawn")
    }

    @Test func modErrorMessageIsWrappedAndStrippedOfControls() throws {
        let error = RuleError(mod: "garbage", hook: "on_lock", location: "Mods/garbage/mod.lua:12",
                              message: "attempt to index a nil value 'row'\u{1B}]0;pwned\u{07}")
        let frame = render(try Self.scene(.message(title: "mod error", text: error.description)))
        #expect(frame.text == screen("""
            ┌────────────────────┐  NEXT
            │ . . . . . . . . . .│    [][][][]
            │ . . . . . . . . . .│
            │ . . . . . . . . . .│
            │ . . . . . . . . . .│      [][]
            │ . . . . . . . . . .│      [][]
            ┌────────────────────┐
            │     mod error      │  SCORE         1200
            │                    │  LINES           12
            │ Mods/garbage/mod.l │  LEVEL            2
            │ ua:12: on_lock:    │  SPEED       655 ms
            │ attempt to index a │  BEST          9000
            │ nil value          │  TIME          1:23
            │ 'row'\\e]0;pwned\\u{ │
            │ 7}                 │  MODS
            └────────────────────┘    garbage
            │ . . . . . . . . . .│
            │ . . . .:: . . . . .│
            │ . . .:::::: . . . .│
            │ . . . .[] . . . . .│
            │[][][][] .[][] . .[]│
            └────────────────────┘
            """))
        #expect(!frame.cells.contains { $0.character.value < 0x20 || (0x7F...0x9F).contains($0.character.value) })
    }

    @Test func aReportBesideTheBoardKeepsATracebacksLinesAndIndentation() throws {
        let text = "mod.lua:5: on_lock: attempt to index a nil value\nstack traceback:\n\tmod.lua:5: in function 'on_lock'\n\t[C]: in ?"
        let frame = render(try Self.scene(.report(title: "MOD ERROR", text: text)), size: Size(width: 80, height: 22))
        let lines = trimmedLines(frame)
        #expect(lines.contains { $0.contains("│ stack traceback:") }, "\(frame.text)")
        #expect(lines.contains { $0.contains("│   mod.lua:5: in function 'on_lock'") }, "\(frame.text)")
        #expect(lines.contains { $0.contains("│   [C]: in ?") }, "\(frame.text)")
        #expect(lines[1].contains("│ . . . . . . . . . .│"), "the board is still drawn")
    }

    @Test func messageLinesBreakAtNewlines() throws {
        let frame = render(try Self.scene(.message(title: "note", text: "first\nsecond")))
        let lines = trimmedLines(frame)
        #expect(lines.contains("│ first              │  BEST          9000"))
        #expect(lines.contains("│ second             │  TIME          1:23"))
    }

    @Test func overlayLargerThanTheTerminalIsCutNotTrapped() throws {
        let scene = try Self.scene(.help(lines: (1...40).map { "line \($0) " + String(repeating: "x", count: 60) }))
        let frame = render(scene)
        #expect(frame.size == Size(width: 42, height: 22))
        #expect(trimmedLines(frame)[0] == "┌────────────────────┐  NEXT")
        #expect(trimmedLines(frame)[20].hasSuffix("… │"), "the last row shown says there is more")
        #expect(trimmedLines(frame)[21] == "└────────────────────┘")
    }
}
