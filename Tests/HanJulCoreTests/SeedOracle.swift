/// The seed's `TetrisGame` (shared/seeds/000), transcribed as literally as possible and
/// kept apart from the engine: the behavioural reference the engine is checked against.
/// Its bag is replaced by a fixed piece sequence so both games see the same pieces.
struct SeedOracle {
    struct P { var kind: Int, rot: Int, x: Int, y: Int }
    static let shapes: [[[(Int, Int)]]] = [
        [[(0, 1), (1, 1), (2, 1), (3, 1)], [(2, 0), (2, 1), (2, 2), (2, 3)], [(0, 2), (1, 2), (2, 2), (3, 2)], [(1, 0), (1, 1), (1, 2), (1, 3)]],
        Array(repeating: [(1, 0), (2, 0), (1, 1), (2, 1)], count: 4),
        [[(1, 0), (0, 1), (1, 1), (2, 1)], [(1, 0), (1, 1), (2, 1), (1, 2)], [(0, 1), (1, 1), (2, 1), (1, 2)], [(1, 0), (0, 1), (1, 1), (1, 2)]],
        [[(1, 0), (2, 0), (0, 1), (1, 1)], [(1, 0), (1, 1), (2, 1), (2, 2)], [(1, 1), (2, 1), (0, 2), (1, 2)], [(0, 0), (0, 1), (1, 1), (1, 2)]],
        [[(0, 0), (1, 0), (1, 1), (2, 1)], [(2, 0), (1, 1), (2, 1), (1, 2)], [(0, 1), (1, 1), (1, 2), (2, 2)], [(1, 0), (0, 1), (1, 1), (0, 2)]],
        [[(0, 0), (0, 1), (1, 1), (2, 1)], [(1, 0), (2, 0), (1, 1), (1, 2)], [(0, 1), (1, 1), (2, 1), (2, 2)], [(1, 0), (1, 1), (0, 2), (1, 2)]],
        [[(2, 0), (0, 1), (1, 1), (2, 1)], [(1, 0), (1, 1), (1, 2), (2, 2)], [(0, 1), (1, 1), (2, 1), (0, 2)], [(0, 0), (1, 0), (1, 1), (1, 2)]],
    ]
    static let lineScore = [0, 100, 300, 500, 800]
    static let kicks = [(0, 0), (-1, 0), (1, 0), (-2, 0), (2, 0), (0, -1)]
    let cols = 10, rows = 20
    var board: [[Int]]
    var piece = P(kind: 0, rot: 0, x: 3, y: 0)
    var score = 0, lines = 0
    var running = true
    var sequence: [Int]
    var next = 0
    var dealt: [Int] = []

    init(sequence: [Int]) {
        self.sequence = sequence
        board = Array(repeating: Array(repeating: 0, count: 10), count: 20)
        spawn()
    }

    var level: Int { 1 + lines / 10 }

    mutating func left() { slide(-1) }
    mutating func right() { slide(1) }
    mutating func soft() { guard running else { return }; if !slideDown() { lock() } }
    mutating func hard() {
        guard running else { return }
        var distance = 0
        while slideDown() { distance += 1 }
        score += distance * 2
        lock()
    }
    mutating func rotate() {
        guard running else { return }
        let nextRot = (piece.rot + 1) % 4
        for (dx, dy) in Self.kicks {
            let moved = P(kind: piece.kind, rot: nextRot, x: piece.x + dx, y: piece.y + dy)
            if fits(moved) { piece = moved; return }
        }
    }
    mutating func gravity() { guard running else { return }; if !slideDown() { lock() } }

    func blocks(_ t: P) -> [(Int, Int)] { Self.shapes[t.kind][t.rot].map { ($0.0 + t.x, $0.1 + t.y) } }

    private mutating func slide(_ dx: Int) {
        guard running else { return }
        let moved = P(kind: piece.kind, rot: piece.rot, x: piece.x + dx, y: piece.y)
        if fits(moved) { piece = moved }
    }
    private mutating func slideDown() -> Bool {
        let moved = P(kind: piece.kind, rot: piece.rot, x: piece.x, y: piece.y + 1)
        if !fits(moved) { return false }
        piece = moved
        return true
    }
    private mutating func lock() {
        for (x, y) in blocks(piece) where y >= 0 && y < rows && x >= 0 && x < cols { board[y][x] = piece.kind + 1 }
        let cleared = clearLines()
        if cleared > 0 { score += Self.lineScore[cleared] * level }
        lines += cleared
        spawn()
    }
    private mutating func clearLines() -> Int {
        var cleared = 0
        var y = rows - 1
        while y >= 0 {
            if board[y].allSatisfy({ $0 != 0 }) {
                for row in stride(from: y, through: 1, by: -1) { board[row] = board[row - 1] }
                board[0] = Array(repeating: 0, count: cols)
                cleared += 1
            } else { y -= 1 }
        }
        return cleared
    }
    private mutating func spawn() {
        let kind = sequence[next % sequence.count]
        next += 1
        dealt.append(kind)
        piece = P(kind: kind, rot: 0, x: 3, y: 0)
        if !fits(piece) { running = false }
    }
    private func fits(_ t: P) -> Bool {
        blocks(t).allSatisfy { x, y in x >= 0 && x < cols && y < rows && (y < 0 || board[y][x] == 0) }
    }

    mutating func apply(_ letter: Character) {
        switch letter {
        case "L": left()
        case "R": right()
        case "C": rotate()
        case "D": soft()
        case "H": hard()
        case "G": gravity()
        default: break
        }
    }

    var boardLines: [String] {
        let letters = Array("IOTSZJL")
        return board.map { String($0.map { $0 == 0 ? "." : letters[$0 - 1] }) }
    }
}
