import HanJulCore
import HanJulNet
import HanJulTerminal

/// The smallest honest picture of a networked match: both boards side by side as text
/// (this side's left), each with its lines, pieces and the garbage waiting for it.
struct VersusText {
    let peerName: String
    let ascii: Bool
    private var last = ""

    init(peerName: String, ascii: Bool) {
        self.peerName = peerName
        self.ascii = ascii
    }

    /// Draw the next frame whole.
    mutating func invalidate() { last = "" }

    mutating func waiting(_ terminal: TerminalSession, game: Int, wins: [Int]) {
        show(terminal, ["hanjul versus: game \(game)   you \(wins[0]) - \(wins[1]) \(peerName)", "", "waiting for the peer…"])
    }

    mutating func draw<R: Rules>(_ terminal: TerminalSession, match: NetMatch<RefereeBoards<R>>, game: Int, wins: [Int], note: String?) {
        let boards = match.boards
        let mine = column(boards.state(match.me), incoming: boards.incoming(match.me), title: "YOU")
        let theirs = column(boards.state(match.peer), incoming: boards.incoming(match.peer), title: "PEER " + peerName)
        var lines = ["hanjul versus: game \(game)   you \(wins[0]) - \(wins[1]) peer   \(note ?? "q leaves")"]
        for index in 0..<max(mine.count, theirs.count) {
            let left = index < mine.count ? mine[index] : ""
            let pad = String(repeating: " ", count: max(0, 26 - left.count))
            lines.append(left + pad + (index < theirs.count ? theirs[index] : ""))
        }
        show(terminal, lines)
    }

    /// One board as lines: a title, the rows (the piece in play drawn in), and its figures.
    func column(_ state: GameState, incoming: Int, title: String) -> [String] {
        let board = state.board
        var piece = Set<Int>()
        if !state.isOver {
            for cell in state.pieces.cells(of: state.piece) where board.contains(x: cell.x, y: cell.y) { piece.insert(cell.y * board.width + cell.x) }
        }
        let (filled, moving, empty) = ascii ? ("[]", "()", " .") : ("██", "▓▓", " ·")
        var lines = [String(title.prefix(24))]
        for y in 0..<board.height {
            var row = "|"
            for x in 0..<board.width {
                row += piece.contains(y * board.width + x) ? moving : board.isFilled(x: x, y: y) ? filled : empty
            }
            lines.append(row + "|" + (y >= board.height - incoming ? (ascii ? "#" : "▌") : ""))
        }
        lines.append("lines \(state.lines)  pieces \(state.piecesLocked)")
        lines.append(state.isOver ? "TOPPED OUT" : incoming > 0 ? "incoming \(incoming)" : "")
        return lines
    }

    /// Writes `lines` from the top left when they changed.
    private mutating func show(_ terminal: TerminalSession, _ lines: [String]) {
        let text = "\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n") + "\u{1B}[J"
        guard text != last else { return }
        last = text
        try? terminal.write(text)
    }
}
