import Testing
import HanJulCore
@testable import HanJulRender

/// The board, the ghost, the preview and the panel, drawn for a player to read.
@Suite struct LayoutTests {
    static let hud = HUD(score: 1200, lines: 12, level: 2, millisecondsPerRow: 655, mods: ["garbage"], best: 9000,
                         elapsedSeconds: 83)

    /// A standard game: a few locked cells, a T in the air, its ghost, I and O to come.
    static func game(style: RenderStyle) throws -> Scene {
        try standardScene("""
            ....S.....
            IIII.SS..O
            """, piece: ("T", 0, 3, 5), next: "IO", hud: hud, style: style)
    }

    @Test func monochromeBoardShowsPiecesAsBracketsAndTheGhostAsColons() throws {
        let scene = try Self.game(style: .monochrome)
        #expect(Layout.requiredSize(for: scene) == Size(width: 42, height: 22))
        #expect(render(scene).text == screen("""
            ┌────────────────────┐  NEXT
            │ . . . . . . . . . .│    [][][][]
            │ . . . . . . . . . .│
            │ . . . . . . . . . .│
            │ . . . . . . . . . .│      [][]
            │ . . . . . . . . . .│      [][]
            │ . . . .[] . . . . .│
            │ . . .[][][] . . . .│  SCORE         1200
            │ . . . . . . . . . .│  LINES           12
            │ . . . . . . . . . .│  LEVEL            2
            │ . . . . . . . . . .│  SPEED       655 ms
            │ . . . . . . . . . .│  BEST          9000
            │ . . . . . . . . . .│  TIME          1:23
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

    @Test func monochromeUsesNoColourAndMarksThePieceInPlayBold() throws {
        let frame = render(try Self.game(style: .monochrome))
        #expect(frame.cells.allSatisfy { $0.foreground == .default && $0.background == .default })
        #expect(frame[9, 7].character == "[" && frame[9, 7].attributes == .bold, "the piece in play")
        #expect(frame[1, 20].character == "[" && frame[1, 20].attributes == [], "a locked cell")
        #expect(frame[2, 1].character == "." && frame[2, 1].attributes == .dim, "an empty cell")
    }

    @Test func asciiBoardUsesOnlyASCII() throws {
        var scene = try Self.game(style: .ascii)
        scene.hud.mods = ["ünïcode", "tab\there"]
        let frame = render(scene)
        #expect(frame.cells.allSatisfy { $0.character.isASCII })
        #expect(frame.text == screen("""
            +--------------------+  NEXT
            | . . . . . . . . . .|    [][][][]
            | . . . . . . . . . .|
            | . . . . . . . . . .|
            | . . . . . . . . . .|      [][]
            | . . . . . . . . . .|      [][]
            | . . . .[] . . . . .|
            | . . .[][][] . . . .|  SCORE         1200
            | . . . . . . . . . .|  LINES           12
            | . . . . . . . . . .|  LEVEL            2
            | . . . . . . . . . .|  SPEED       655 ms
            | . . . . . . . . . .|  BEST          9000
            | . . . . . . . . . .|  TIME          1:23
            | . . . . . . . . . .|
            | . . . . . . . . . .|  MODS
            | . . . . . . . . . .|    ?n?code
            | . . . . . . . . . .|    tab here
            | . . . .:: . . . . .|
            | . . .:::::: . . . .|
            | . . . .[] . . . . .|
            |[][][][] .[][] . .[]|
            +--------------------+
            """))
    }

    @Test func colourBoardDrawsBlocksInTheKindsColoursAndAFaintGhost() throws {
        let frame = render(try Self.game(style: .color))
        #expect(blocks(frame) == screen("""
            ┌────────────────────┐  NEXT
            │ . . . . . . . . . .│    ████████
            │ . . . . . . . . . .│
            │ . . . . . . . . . .│
            │ . . . . . . . . . .│      ████
            │ . . . . . . . . . .│      ████
            │ . . . .██ . . . . .│
            │ . . .██████ . . . .│  SCORE         1200
            │ . . . . . . . . . .│  LINES           12
            │ . . . . . . . . . .│  LEVEL            2
            │ . . . . . . . . . .│  SPEED       655 ms
            │ . . . . . . . . . .│  BEST          9000
            │ . . . . . . . . . .│  TIME          1:23
            │ . . . . . . . . . .│
            │ . . . . . . . . . .│  MODS
            │ . . . . . . . . . .│    garbage
            │ . . . . . . . . . .│
            │ . . . .░░ . . . . .│
            │ . . .░░░░░░ . . . .│
            │ . . . .██ . . . . .│
            │████████ .████ . .██│
            └────────────────────┘
            """))
        // The palette of the standard kinds, as PieceSet.standard gives it.
        #expect(frame[1, 20].background == .rgb(0x3EC8E8) && frame[1, 20].text == " ", "I: a space on its colour (D6)")
        #expect(frame[19, 20].background == .rgb(0xFFC44D), "O")
        #expect(frame[9, 6].background == .rgb(0xC084FC), "T, the piece in play")
        #expect(frame[9, 19].background == .rgb(0x4ADE80), "S")
        #expect(frame[9, 17].foreground == Color.rgb(0xC084FC).scaled(60), "the ghost: the T's colour at 60 %")
        #expect(Color.rgb(0xC084FC).scaled(60) == .rgb(0x734F97))
        #expect(frame[28, 1].background == .rgb(0x3EC8E8), "the preview's I")
        #expect(frame[2, 1].foreground == .rgb(0x4E4E4E), "an empty cell's grey dot")
    }

    @Test func hiddenCellsAreDrawnEmptyButStillStopTheGhost() throws {
        var scene = try standardScene("""
            ....S.....
            IIII.SS..O
            """, piece: ("T", 0, 3, 5), next: "", hud: HUD(millisecondsPerRow: 700))
        scene.board.setHidden(x: 4, y: 18, true)
        scene.board.setHidden(x: 0, y: 19, true)
        #expect(render(scene).text == screen("""
            ┌────────────────────┐  SCORE            0
            │ . . . . . . . . . .│  LINES            0
            │ . . . . . . . . . .│  LEVEL            1
            │ . . . . . . . . . .│  SPEED       700 ms
            │ . . . . . . . . . .│  BEST             -
            │ . . . . . . . . . .│  TIME          0:00
            │ . . . .[] . . . . .│
            │ . . .[][][] . . . .│  MODS
            │ . . . . . . . . . .│    none
            │ . . . . . . . . . .│
            │ . . . . . . . . . .│
            │ . . . . . . . . . .│
            │ . . . . . . . . . .│
            │ . . . . . . . . . .│
            │ . . . . . . . . . .│
            │ . . . . . . . . . .│
            │ . . . . . . . . . .│
            │ . . . .:: . . . . .│
            │ . . .:::::: . . . .│
            │ . . . . . . . . . .│
            │ .[][][] .[][] . .[]│
            └────────────────────┘
            """))
    }

    @Test func boardSixteenByThirty() throws {
        let scene = try standardScene("""
            ZZ..........LLL.
            IIIIJ.......L...
            """, piece: ("I", 0, 6, 0), next: "LZ",
            hud: HUD(score: 40, lines: 1, level: 1, millisecondsPerRow: 700, elapsedSeconds: 3725),
            width: 16, height: 30)
        #expect(Layout.requiredSize(for: scene) == Size(width: 54, height: 32))
        #expect(render(scene).text == screen("""
            ┌────────────────────────────────┐  NEXT
            │ . . . . . . . . . . . . . . . .│         []
            │ . . . . . .[][][][] . . . . . .│     [][][]
            │ . . . . . . . . . . . . . . . .│
            │ . . . . . . . . . . . . . . . .│     [][]
            │ . . . . . . . . . . . . . . . .│       [][]
            │ . . . . . . . . . . . . . . . .│
            │ . . . . . . . . . . . . . . . .│  SCORE           40
            │ . . . . . . . . . . . . . . . .│  LINES            1
            │ . . . . . . . . . . . . . . . .│  LEVEL            1
            │ . . . . . . . . . . . . . . . .│  SPEED       700 ms
            │ . . . . . . . . . . . . . . . .│  BEST             -
            │ . . . . . . . . . . . . . . . .│  TIME       1:02:05
            │ . . . . . . . . . . . . . . . .│
            │ . . . . . . . . . . . . . . . .│  MODS
            │ . . . . . . . . . . . . . . . .│    none
            │ . . . . . . . . . . . . . . . .│
            │ . . . . . . . . . . . . . . . .│
            │ . . . . . . . . . . . . . . . .│
            │ . . . . . . . . . . . . . . . .│
            │ . . . . . . . . . . . . . . . .│
            │ . . . . . . . . . . . . . . . .│
            │ . . . . . . . . . . . . . . . .│
            │ . . . . . . . . . . . . . . . .│
            │ . . . . . . . . . . . . . . . .│
            │ . . . . . . . . . . . . . . . .│
            │ . . . . . . . . . . . . . . . .│
            │ . . . . . . . . . . . . . . . .│
            │ . . . . . . . . . . . . . . . .│
            │[][] . . . . . . . . . .[][][] .│
            │[][][][][] .:::::::: . .[] . . .│
            └────────────────────────────────┘
            """))
    }

    /// A mod's piece set: pentominoes P, X and U with their own colours.
    static func pentominoes() throws -> PieceSet {
        func cells(_ pairs: [(Int, Int)]) -> [Cell] { pairs.map { Cell(x: $0.0, y: $0.1) } }
        return try PieceSet([
            PieceKind(letter: "P", color: 0xE11D48, rotations: [cells([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)])]),
            PieceKind(letter: "X", color: 0x22D3EE, rotations: [cells([(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)])]),
            PieceKind(letter: "U", color: 0xA3E635, rotations: [cells([(0, 0), (2, 0), (0, 1), (1, 1), (2, 1)])]),
        ])
    }

    @Test func pieceSetWithFiveCellPiecesAndOtherLetters() throws {
        let set = try Self.pentominoes()
        let board = try Board("""
            P.......
            PPXXX.UU
            """, width: 8, height: 12, pieces: set)
        let scene = Scene(board: board, pieces: set, piece: Piece(kind: 1, rotation: 0, x: 2, y: 1), preview: [0, 2],
                          hud: HUD(millisecondsPerRow: 500, mods: ["pentomino"]), style: .color)
        #expect(Layout.requiredSize(for: scene) == Size(width: 38, height: 18), "the panel is taller than the board")
        let frame = render(scene)
        #expect(blocks(frame) == screen("""
            ┌────────────────┐  NEXT
            │ . . . . . . . .│     ████
            │ . . .██ . . . .│     ████
            │ . .██████ . . .│     ██
            │ . . .██ . . . .│
            │ . . . . . . . .│    ██  ██
            │ . . . . . . . .│    ██████
            │ . . . . . . . .│
            │ . . . . . . . .│
            │ . . .░░ . . . .│  SCORE            0
            │ . .░░░░░░ . . .│  LINES            0
            │██ . .░░ . . . .│  LEVEL            1
            │██████████ .████│  SPEED       500 ms
            └────────────────┘  BEST             -
                                TIME          0:00

                                MODS
                                  pentomino
            """))
        #expect(frame[1, 12].background == .rgb(0xE11D48), "P")
        #expect(frame[5, 12].background == .rgb(0x22D3EE), "X")
        #expect(frame[13, 12].background == .rgb(0xA3E635), "U")
        #expect(frame[25, 1].background == .rgb(0xE11D48), "the preview's P")
    }

    @Test func sceneFromAGameStateShowsItsPieceAndQueueAndNoGhostAfterGameOver() throws {
        var game = Game(rules: StandardRules(), source: .sequence([0, 1, 2]))
        let playing = Scene(state: game.state, hud: HUD(state: game.state, millisecondsPerRow: 700), style: .monochrome)
        #expect(playing.piece == game.state.piece)
        #expect(playing.preview == game.state.queue)
        #expect(playing.showsGhost)
        let frame = render(playing)
        #expect(frame.lines[2].hasPrefix("│ . . .[][][][] . . .│"), "the I spawned on row 1")
        #expect(frame.lines[20].hasPrefix("│ . . .:::::::: . . .│"), "its ghost on the floor")
        while !game.state.isOver { game.apply(.hardDrop) }
        #expect(!Scene(state: game.state, hud: HUD()).showsGhost)
    }

    @Test func largestBoardAndManyModsFit() throws {
        var scene = try standardScene(piece: ("I", 0, 30, 0), next: "IOTSZJLIOT",
                                      hud: HUD(mods: (1...7).map { "mod number \($0) with a long name" }),
                                      width: 64, height: 64)
        #expect(Layout.requiredSize(for: scene) == Size(width: 150, height: 66))
        let frame = render(scene)
        let lines = trimmedLines(frame)
        #expect(lines[0].hasSuffix("┐  NEXT"))
        #expect(lines.contains { $0.hasSuffix("│    mod number 1 wi…") }, "cut to the panel's width")
        #expect(lines.contains { $0.hasSuffix("│    +3 more") })
        scene.board = Board(width: 4, height: 4)
        scene.piece = nil
        #expect(Layout.requiredSize(for: scene).height > 6, "a tiny board: the panel sets the height")
    }

    @Test func drawingIsCentredInALargerTerminal() throws {
        // Centred with the room of the widest report beside the board kept at its right
        // (46 columns from the panel's left), so a game's end never moves the board (D5).
        let scene = try Self.game(style: .monochrome)
        let frame = render(scene, size: Size(width: 100, height: 26))
        #expect(frame.lines[2].hasPrefix(String(repeating: " ", count: 15) + "┌──"), "(100 - 24 - 46) / 2 = 15")
        #expect(frame.lines[1].allSatisfy { $0 == " " })
        let narrow = render(scene, size: Size(width: 46, height: 26))
        #expect(narrow.lines[2].hasPrefix("┌──"), "the room right of the panel is all kept")
    }
}

@Suite struct HoldAndPreviewLayoutTests {
    @Test func holdSlotSitsLeftOfTheBoard() throws {
        var game = Game(rules: StandardRules(), source: .sequence([2, 0]))
        game.apply(.hardDrop)
        var scene = Scene(state: game.state, hud: HUD(), style: .ascii)
        scene.hold = .some(2)
        let frame = Layout.frame(for: scene, size: Size(width: 60, height: 24))
        let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let holdRow = try #require(lines.firstIndex { $0.contains("HOLD") })
        #expect(lines[holdRow + 1].contains("[]"), "the held T is drawn under HOLD: \(lines[holdRow + 1])")
        #expect(lines[holdRow].firstRange(of: "HOLD")!.lowerBound < lines[holdRow].firstRange(of: "+")!.lowerBound,
                "the hold slot is left of the board")
        scene.hold = .some(nil)
        let empty = Layout.frame(for: scene, size: Size(width: 60, height: 24)).text
        #expect(empty.contains("HOLD"))
    }

    @Test func previewsShrinkBeforeTheTerminalIsTooSmall() {
        let state = Game(rules: StandardRules(), source: .seeded(1)).state
        var scene = Scene(state: state, hud: HUD(), style: .ascii)
        scene.preview = [0, 1, 2, 3, 4, 5]
        #expect(Layout.minimumSize(for: scene) == Layout(Scene(state: state, hud: HUD(), style: .ascii)).size)
        let frame = Layout.frame(for: scene, size: Size(width: 80, height: 24))
        #expect(!frame.text.contains("too small"), "six previews do not fit 24 rows; fewer are drawn")
        #expect(frame.text.contains("NEXT"))
    }
}
