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

    @Test func helpListsTheKeysItIsGiven() throws {
        let keys = ["←/→ h/l a/d   move", "↑ k w         rotate", "↓ j s         soft drop", "Space         hard drop",
                    "p pause  r restart  q quit"]
        #expect(render(try Self.scene(.help(lines: keys))).text == screen("""
            ┌────────────────────┐  NEXT
            │ . . . . . . . . . .│    [][][][]
            │ . . . . . . . . . .│
            │ . . . . . . . . . .│
            │ . . . . . . . . . .│      [][]
            │ . . . . . . . . . .│      [][]
            ┌────────────────────────────┐
            │            KEYS            │        1200
            │                            │          12
            │ ←/→ h/l a/d   move         │           2
            │ ↑ k w         rotate       │      655 ms
            │ ↓ j s         soft drop    │        9000
            │ Space         hard drop    │        1:23
            │ p pause  r restart  q quit │
            └────────────────────────────┘
            │ . . . . . . . . . .│    garbage
            │ . . . . . . . . . .│
            │ . . . .:: . . . . .│
            │ . . .:::::: . . . .│
            │ . . . .[] . . . . .│
            │[][][][] .[][] . .[]│
            └────────────────────┘
            """))
    }

    @Test func gameOverShowsTheFiguresAndTheHighScoreTable() throws {
        let summary = GameOverSummary(
            reason: GameOverSummary.describe(.blockedSpawn),
            table: [HighScoreEntry(score: 9000, lines: 40, level: 5, label: "05-01"),
                    HighScoreEntry(score: 1200, lines: 12, level: 2, label: "today", isLatest: true)],
            hint: "r restart · q quit")
        let frame = render(try Self.scene(.gameOver(summary)))
        #expect(frame.text == screen("""
            ┌────────────────────┐  NEXT
            │ . . . . . . . . . .│    [][][][]
            │ . . . . . . . . . .│
            ┌────────────────────────────────┐
            │           GAME OVER            │
            │                                │
            │ no room for the next piece     │
            │                                │    1200
            │ Score   1200                   │      12
            │ Lines     12                   │       2
            │ Level      2                   │  655 ms
            │ Time    1:23                   │    9000
            │                                │    1:23
            │     SCORE  LINES  LEVEL        │
            │  1   9000     40      5  05-01 │
            │ ▶2   1200     12      2  today │
            │                                │
            │       r restart · q quit       │
            └────────────────────────────────┘
            │ . . . .[] . . . . .│
            │[][][][] .[][] . .[]│
            └────────────────────┘
            """))
        #expect(frame[3, 15].attributes == .bold, "the latest game's row stands out")
        #expect(frame[3, 14].attributes == [])
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
            │ . . . .[] . . . . .│
            ┌────────────────────────────────────────┐
            │               mod error                │
            │                                        │
            │ Mods/garbage/mod.lua:12: on_lock:      │
            │ attempt to index a nil value           │
            │ 'row'\\e]0;pwned\\u{7}                   │
            └────────────────────────────────────────┘
            │ . . . . . . . . . .│  MODS
            │ . . . . . . . . . .│    garbage
            │ . . . . . . . . . .│
            │ . . . .:: . . . . .│
            │ . . .:::::: . . . .│
            │ . . . .[] . . . . .│
            │[][][][] .[][] . .[]│
            └────────────────────┘
            """))
        #expect(!frame.cells.contains { $0.character.value < 0x20 || (0x7F...0x9F).contains($0.character.value) })
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
        #expect(trimmedLines(frame)[0] == "┌────────────────────────────────────────┐")
        #expect(trimmedLines(frame)[21] == "└────────────────────────────────────────┘")
    }
}
