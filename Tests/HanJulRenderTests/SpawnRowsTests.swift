import Testing
import HanJulCore
@testable import HanJulRender

/// Rows above the field (#20 item 3): under rules whose spawn may put a piece above the top
/// row (`Mods/guideline`'s spawn at y −1), the board's border encloses two blank rows over
/// the field, so the piece, and its ghost, never enter half hidden. The standard screen
/// keeps none.
@Suite struct SpawnRowsTests {
    /// A T entering as guideline spawns it: box at y −1, its point in the row above the field.
    static func scene(rowsAbove: Int, board: String = "", piece: (Character, Int, Int, Int) = ("T", 0, 3, -1)) throws -> Scene {
        var scene = try standardScene(board, piece: piece, next: "I", hud: HUD(millisecondsPerRow: 1000))
        scene.rowsAbove = rowsAbove
        return scene
    }

    /// The board's columns of each line (the panel cut off), without trailing spaces.
    static func boardLines(_ frame: Frame) -> [String] {
        trimmedLines(frame).map { line in
            var part = String(line.prefix(22))
            while part.last == " " { part.removeLast() }
            return part
        }
    }

    /// The piece's cells on screen, as `[]` pairs, by terminal row.
    static func pieceCells(_ frame: Frame) -> [Int: Int] {
        var rows: [Int: Int] = [:]
        for y in 0..<frame.height {
            for x in 0..<(frame.width - 1) where frame[x, y].character == "[" && frame[x, y].attributes == .bold {
                rows[y, default: 0] += 1
            }
        }
        return rows
    }

    @Test func aPieceAboveTheFieldShowsWholeInTheRowsOverTheBorder() throws {
        let scene = try Self.scene(rowsAbove: Scene.spawnRows)
        #expect(Layout.requiredSize(for: scene) == Size(width: 42, height: 24), "two rows more than the standard 22")
        let lines = Self.boardLines(render(scene))
        #expect(lines[0] == "┌────────────────────┐")
        #expect(lines[1] == "│                    │", "row −2: blank, above the field")
        #expect(lines[2] == "│        []          │", "row −1: the T's point")
        #expect(lines[3] == "│ . . .[][][] . . . .│", "row 0: the T's flat side")
        #expect(lines[23] == "└────────────────────┘")
        #expect(Self.pieceCells(render(scene)) == [2: 1, 3: 3], "all four cells")
    }

    @Test func withoutTheRowsThePointIsHidden() throws {
        // The standard screen (no rows above): what a guideline T looked like before.
        let scene = try Self.scene(rowsAbove: 0)
        #expect(Layout.requiredSize(for: scene) == Size(width: 42, height: 22))
        #expect(Self.pieceCells(render(scene)).values.reduce(0, +) == 3)
    }

    @Test func aPieceTwoRowsUpAndItsGhostShowToo() throws {
        // A stack to the top in columns 3-5: the T waits at y −2 and its ghost is above the field too.
        let column = String(repeating: "...OOO....\n", count: 20)
        var scene = try Self.scene(rowsAbove: Scene.spawnRows, board: column, piece: ("T", 0, 3, -3))
        scene.piece = Piece(kind: 2, rotation: 0, x: 3, y: -2)
        let frame = render(scene)
        #expect(Self.pieceCells(frame) == [1: 1, 2: 3], "rows −2 and −1")
        // The ghost is where the piece is (it cannot fall): drawn under it, so not seen.
        scene.piece = Piece(kind: 2, rotation: 2, x: 3, y: -3)  // pointing down, its flat side in row −2
        let pointing = render(scene)
        #expect(Self.pieceCells(pointing) == [1: 3, 2: 1])
    }

    @Test func theGhostAboveTheFieldIsDrawn() throws {
        // Columns 3-5 full from row 1 down: a T pointing down lands with its point in row 0.
        let board = String(repeating: "...OOO....\n", count: 19)
        var scene = try Self.scene(rowsAbove: Scene.spawnRows, board: board)
        scene.piece = Piece(kind: 2, rotation: 2, x: 3, y: -3)  // flat side in row −2, point in row −1
        let lines = Self.boardLines(render(scene))
        #expect(lines[1] == "│      [][][]        │", "the T, row −2")
        #expect(lines[2] == "│      ::[]::        │", "its point, row −1, between the ghost's flat side")
        #expect(lines[3] == "│ . . . .:: . . . . .│", "the ghost's point, row 0")
    }

    @Test func overlaysAndTheMinimumSizeCountTheRows() throws {
        var scene = try Self.scene(rowsAbove: Scene.spawnRows)
        scene.overlay = .paused(hint: "p resume")
        #expect(Layout.minimumSize(for: scene).height == 24)
        let small = Layout.frame(for: scene, size: Size(width: 42, height: 23))
        #expect(small.text.contains("terminal too small"), "23 rows are too few now")
        #expect(render(scene).text.contains("PAUSED"))
    }
}
