import HanJulCore
@testable import HanJulRender

/// A standard-game scene as tests describe it: the board drawn as text (filling the bottom
/// rows), the piece in play by letter, the kinds to come by letters.
func standardScene(
    _ board: String = "",
    piece: (letter: Character, rotation: Int, x: Int, y: Int)? = ("T", 0, 3, 0),
    next: String = "I",
    hud: HUD = HUD(millisecondsPerRow: 700),
    overlay: Overlay = .none,
    style: RenderStyle = .monochrome,
    width: Int = 10,
    height: Int = 20
) throws -> Scene {
    let set = PieceSet.standard
    let parsed = try Board(board, width: width, height: height, pieces: set)
    let inPlay = piece.map { Piece(kind: set.kind(forLetter: $0.letter)!, rotation: $0.rotation, x: $0.x, y: $0.y) }
    return Scene(board: parsed, pieces: set, piece: inPlay, preview: next.map { set.kind(forLetter: $0)! },
                 hud: hud, overlay: overlay, style: style)
}

/// The frame of `scene` in a terminal exactly its required size (or `size`).
func render(_ scene: Scene, size: Size? = nil) -> Frame {
    Layout.frame(for: scene, size: size ?? Layout.requiredSize(for: scene))
}

/// A multi-line literal as `Frame.text` prints: the literal's first and last newline are
/// part of Swift's syntax, so this only drops the trailing spaces of each line.
func screen(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        var scalars = Array(line.unicodeScalars)
        while scalars.last == " " { scalars.removeLast() }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }.joined(separator: "\n")
}

/// Bytes as text with `ESC` shown as `␛`, for readable expectations.
func visible(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self).replacingEscapes()
}

extension String {
    func replacingEscapes() -> String {
        var view = String.UnicodeScalarView()
        for scalar in unicodeScalars { view.append(scalar == "\u{1B}" ? "␛" : scalar) }
        return String(view)
    }
}

/// The frame's rows without their trailing spaces.
func trimmedLines(_ frame: Frame) -> [String] {
    frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

/// The frame as a person sees it: a space on a coloured background (a filled cell in
/// colour) shows as `█`, everything else as `Frame.text` prints it.
func blocks(_ frame: Frame) -> String {
    (0..<frame.height).map { y in
        var view = String.UnicodeScalarView()
        for x in 0..<frame.width {
            let cell = frame[x, y]
            if cell.isContinuation { continue }
            if cell.text == " " && cell.background != .default { view.append("█") } else { view.append(contentsOf: cell.text.unicodeScalars) }
        }
        var line = String(view)
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }.joined(separator: "\n")
}
