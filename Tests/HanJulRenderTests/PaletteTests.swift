import HanJulCore
import Testing
@testable import HanJulRender

/// A 16-colour terminal (`TERM=xterm`, no `COLORTERM`) must still tell the pieces apart.
@Suite struct PaletteTests {
    @Test func theSevenStandardPiecesGetSevenDifferentColours() {
        let colors = PieceSet.standard.kinds.map(\.color)
        // By hue alone, L (orange) and Z (pink-red) both land on bright red.
        let plain = colors.map(ColorQuantization.palette16Index)
        #expect(plain[4] == 9 && plain[6] == 9, "\(plain)")
        // Chosen together: I cyan, O bright yellow, T magenta, S green, Z red, J blue, L the
        // normal yellow most palettes draw amber or brown.
        let chosen = ColorQuantization.distinctPalette16(colors)
        #expect(chosen == [14, 11, 13, 10, 9, 12, 3])
        #expect(Set(chosen).count == 7)
        // What the frame holds for them maps back to exactly those entries.
        #expect(chosen.map { ColorQuantization.palette16Index(ColorQuantization.palette16Representative($0)) } == chosen)
    }

    /// The cheapest assignment, and among equally cheap ones the first in entry order,
    /// checked against trying every assignment of up to four colours. (The dictionary search
    /// this replaced broke ties in hash order, which changes from one run to the next.)
    @Test(arguments: [false, true]) func theChoiceIsTheCheapestAndFirstInEntryOrder(light: Bool) {
        let candidates = light ? [1, 2, 3, 4, 5, 6, 9, 10, 12, 13, 8, 0] : [1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14, 7, 8]
        var seed: UInt64 = 12_345
        for round in 0..<60 {
            let colors = (0...(round % 4)).map { _ in
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt32(truncatingIfNeeded: seed >> 40) & 0xFFFFFF
            }
            var best: (cost: Int, picks: [Int])?
            func search(_ picks: [Int]) {
                guard picks.count < colors.count else {
                    let cost = zip(colors, picks).reduce(0) { $0 + ColorQuantization.palette16Cost($1.0, $1.1, light: light) }
                    if best == nil || cost < best!.cost || (cost == best!.cost && picks.lexicographicallyPrecedes(best!.picks)) {
                        best = (cost, picks)
                    }
                    return
                }
                for entry in candidates where !picks.contains(entry) { search(picks + [entry]) }
            }
            search([])
            #expect(ColorQuantization.distinctPalette16(colors, light: light) == best!.picks, "\(colors)")
        }
    }

    @Test func aModsColoursAreKeptApartToo() {
        // Seven shades of red: by hue they would all be one entry.
        let reds: [UInt32] = [0xFF0000, 0xEE1111, 0xDD2222, 0xCC0000, 0xAA0000, 0xFF3333, 0x990000]
        #expect(Set(reds.map(ColorQuantization.palette16Index)).count <= 2)
        #expect(Set(ColorQuantization.distinctPalette16(reds)).count == 7)
        // Beyond fourteen colours some must share; none traps.
        let many = (0..<20).map { UInt32($0 * 0x0C0C0C) }
        #expect(ColorQuantization.distinctPalette16(many).count == 20)
        #expect(ColorQuantization.distinctPalette16([]).isEmpty)
    }

    @Test func aSixteenColourFrameDrawsEachKindInItsEntry() {
        var scene = Scene(board: Board(width: 10, height: 4), pieces: .standard, piece: nil, style: .color)
        scene.kindColors = ColorQuantization.distinctPalette16(PieceSet.standard.kinds.map(\.color))
            .map(ColorQuantization.palette16Representative)
        var board = Board(width: 10, height: 4)
        for kind in 0..<7 { board.set(x: kind, y: 3, to: kind) }
        scene.board = board
        let frame = Layout.frame(for: scene, size: Size(width: 80, height: 24))
        let writer = TerminalWriter(colorMode: .palette16)
        let text = String(decoding: writer.bytes(from: nil, to: frame), as: UTF8.self)
        // Seven different SGR background colours for the seven cells of the bottom row.
        for code in ["106m", "103m", "105m", "102m", "101m", "104m", "43m"] { #expect(text.contains(code), "\(code)") }
    }
}
