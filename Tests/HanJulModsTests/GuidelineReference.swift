/// An independent Guideline game, written from the Guideline's own description (SRS
/// rotation states and kick tables as published, y up, a 10 × 40 matrix with the 20 rows
/// above the visible field as its buffer), sharing no code with HanJul's engine: the check
/// that `Mods/guideline` follows the Guideline. It imports nothing.
///
/// Conventions are the Guideline's, not HanJul's: rows count from the bottom (row 0 is the
/// floor row, 19 the top visible row, 20 and up the buffer); a piece is a kind, an SRS
/// rotation state (0 spawn, 1 = R, 2, 3 = L) and the bottom-left corner of its bounding box.
struct GuidelineReference {
    enum Kind: Int, CaseIterable { case i, o, t, s, z, j, l }

    enum Move { case left, right, cw, ccw, flip, soft, hard, hold, gravity, wait(Int) }

    struct Piece: Equatable {
        var kind: Kind
        var state: Int
        var x: Int
        var y: Int
    }

    // MARK: Shapes, from the SRS spawn diagrams (top row first), turned clockwise.

    static let spawnRows: [Kind: [String]] = [
        .i: ["....", "IIII", "....", "...."],
        .o: ["OO", "OO"],
        .t: [".T.", "TTT", "..."],
        .s: [".SS", "SS.", "..."],
        .z: ["ZZ.", ".ZZ", "..."],
        .j: ["J..", "JJJ", "..."],
        .l: ["..L", "LLL", "..."],
    ]

    /// Cells (x, y) from the box's bottom-left, y up, for each kind and state.
    static let shapes: [Kind: [[(Int, Int)]]] = {
        var all: [Kind: [[(Int, Int)]]] = [:]
        for (kind, rows) in spawnRows {
            let size = rows.count
            var cells: [(Int, Int)] = []
            for (r, row) in rows.enumerated() {
                for (c, ch) in row.enumerated() where ch != "." { cells.append((c, size - 1 - r)) }
            }
            var states = [cells]
            for _ in 1..<4 {
                // A clockwise quarter turn of the box: (x, y) → (y, size − 1 − x).
                states.append(states.last!.map { ($0.1, size - 1 - $0.0) })
            }
            all[kind] = states
        }
        return all
    }()

    // MARK: SRS kicks as published (x right, y up), tests 1–5.

    static let jlstzKicks: [String: [(Int, Int)]] = [
        "0R": [(0, 0), (-1, 0), (-1, 1), (0, -2), (-1, -2)],
        "R0": [(0, 0), (1, 0), (1, -1), (0, 2), (1, 2)],
        "R2": [(0, 0), (1, 0), (1, -1), (0, 2), (1, 2)],
        "2R": [(0, 0), (-1, 0), (-1, 1), (0, -2), (-1, -2)],
        "2L": [(0, 0), (1, 0), (1, 1), (0, -2), (1, -2)],
        "L2": [(0, 0), (-1, 0), (-1, -1), (0, 2), (-1, 2)],
        "L0": [(0, 0), (-1, 0), (-1, -1), (0, 2), (-1, 2)],
        "0L": [(0, 0), (1, 0), (1, 1), (0, -2), (1, -2)],
    ]
    static let iKicks: [String: [(Int, Int)]] = [
        "0R": [(0, 0), (-2, 0), (1, 0), (-2, -1), (1, 2)],
        "R0": [(0, 0), (2, 0), (-1, 0), (2, 1), (-1, -2)],
        "R2": [(0, 0), (-1, 0), (2, 0), (-1, 2), (2, -1)],
        "2R": [(0, 0), (1, 0), (-2, 0), (1, -2), (-2, 1)],
        "2L": [(0, 0), (2, 0), (-1, 0), (2, 1), (-1, -2)],
        "L2": [(0, 0), (-2, 0), (1, 0), (-2, -1), (1, 2)],
        "L0": [(0, 0), (1, 0), (-2, 0), (1, -2), (-2, 1)],
        "0L": [(0, 0), (-1, 0), (2, 0), (-1, 2), (2, -1)],
    ]
    /// 180° turns: the Guideline has none. TETR.IO's SRS+ 180° kicks, as its transcriptions
    /// write them with y up (Yoreni/testtrip's oneEightyKicks; TETR.IO's own data is y down);
    /// the in-place test first. O turns in place.
    static let jlstzFlipKicks: [String: [(Int, Int)]] = [
        "02": [(0, 0), (0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0)],
        "RL": [(0, 0), (1, 0), (1, 2), (1, 1), (0, 2), (0, 1)],
        "20": [(0, 0), (0, -1), (-1, -1), (1, -1), (-1, 0), (1, 0)],
        "LR": [(0, 0), (-1, 0), (-1, 2), (-1, 1), (0, 2), (0, 1)],
    ]
    static let iFlipKicks: [String: [(Int, Int)]] = [
        "02": [(0, 0), (0, 1)],
        "RL": [(0, 0), (1, 0)],
        "20": [(0, 0), (0, -1)],
        "LR": [(0, 0), (-1, 0)],
    ]
    static let stateNames = ["0", "R", "2", "L"]

    // MARK: The game

    static let width = 10, visible = 20, height = 40
    /// `matrix[y][x]`: the kind locked there.
    var matrix: [[Kind?]] = Array(repeating: Array(repeating: nil, count: 10), count: 40)
    var queue: [Kind]
    var next = 0
    var piece: Piece
    var held: Kind?
    var holdUsed = false
    var score = 0
    var lines = 0
    var over = false
    /// Set when a piece locks with a cell above the visible field: HanJul's board has no
    /// buffer there (its documented deviation), so comparisons stop.
    var lockedAboveField = false
    var locks = 0
    // Lock down (extended placement): time on the surface, moves counted, lowest row.
    var lockTimer = 0
    var moveCount = 0
    var lowest = 0
    // T-spin recognition: whether the last successful maneuver was a turn (a slide, or a
    // fall of a row or more, after it clears this), and whether that turn was a "TST"
    // kick: the fifth test of a quarter turn; of a 180° turn, which the Guideline does not
    // know, a kick by (±1, ±2) too, the fifth test's size.
    var lastWasRotation = false
    var lastKickWasFifth = false
    var combo = -1
    var backToBack = false
    /// The latest lock's T-spin verdict and rows cleared, for tests that look for spins.
    var lastSpin = false
    var lastCleared = 0

    init(pieces: [Kind]) {
        queue = pieces
        piece = Piece(kind: .o, state: 0, x: 0, y: 0)
        generate(take())
    }

    var level: Int { 1 + lines / 10 }

    mutating func take() -> Kind {
        defer { next += 1 }
        return queue[next % queue.count]
    }

    func cells(_ p: Piece) -> [(Int, Int)] {
        Self.shapes[p.kind]![p.state].map { (p.x + $0.0, p.y + $0.1) }
    }

    func fits(_ p: Piece) -> Bool {
        cells(p).allSatisfy { x, y in x >= 0 && x < Self.width && y >= 0 && y < Self.height && matrix[y][x] == nil }
    }

    func onSurface() -> Bool {
        var below = piece
        below.y -= 1
        return !fits(below)
    }

    /// Generation: above the field (lowest cells in row 20, the first buffer row), centred
    /// left, then one row down at once if nothing is in the way.
    mutating func generate(_ kind: Kind) {
        let size = Self.spawnRows[kind]!.count
        let left = kind == .o ? 4 : 3
        // The spawn state's lowest cells are in box row size − 2 from the top for I, T, S, Z,
        // J and L (row 1 of 3, row 1 of 4 for I), the bottom row for O.
        let lowestInBox = kind == .o ? 0 : size - 2
        piece = Piece(kind: kind, state: 0, x: left, y: Self.visible - lowestInBox)
        if !fits(piece) {
            over = true  // block out
            return
        }
        var dropped = piece
        dropped.y -= 1
        if fits(dropped) { piece = dropped }
        lockTimer = 0
        moveCount = 0
        lowest = piece.y
        lastWasRotation = false
        lastKickWasFifth = false
    }

    mutating func apply(_ move: Move) {
        guard !over else { return }
        let wasOnSurface = onSurface()
        switch move {
        case .left, .right:
            var moved = piece
            moved.x += { if case .left = move { -1 } else { 1 } }()
            if fits(moved) {
                piece = moved
                maneuvered(wasOnSurface: wasOnSurface, rotation: false, fifth: false)
            }
        case .cw, .ccw:
            let to = (piece.state + ({ if case .cw = move { 1 } else { 3 } }())) % 4
            if piece.kind == .o {
                piece.state = to
                maneuvered(wasOnSurface: wasOnSurface, rotation: true, fifth: false)
                break
            }
            let table = piece.kind == .i ? Self.iKicks : Self.jlstzKicks
            let tests = table[Self.stateNames[piece.state] + Self.stateNames[to]]!
            for (index, (dx, dy)) in tests.enumerated() {
                let candidate = Piece(kind: piece.kind, state: to, x: piece.x + dx, y: piece.y + dy)
                if fits(candidate) {
                    piece = candidate
                    maneuvered(wasOnSurface: wasOnSurface, rotation: true, fifth: index == 4)
                    break
                }
            }
        case .flip:
            let to = (piece.state + 2) % 4
            if piece.kind == .o {
                piece.state = to
                maneuvered(wasOnSurface: wasOnSurface, rotation: true, fifth: false)
                break
            }
            let table = piece.kind == .i ? Self.iFlipKicks : Self.jlstzFlipKicks
            for (dx, dy) in table[Self.stateNames[piece.state] + Self.stateNames[to]]! {
                let candidate = Piece(kind: piece.kind, state: to, x: piece.x + dx, y: piece.y + dy)
                if fits(candidate) {
                    piece = candidate
                    maneuvered(wasOnSurface: wasOnSurface, rotation: true, fifth: abs(dx) == 1 && abs(dy) == 2)
                    break
                }
            }
        case .soft, .gravity:
            var down = piece
            down.y -= 1
            if fits(down) {
                piece = down
                if case .soft = move { score += 1 }
                lastWasRotation = false
                lockTimer = 0
                if piece.y < lowest {
                    lowest = piece.y
                    moveCount = 0
                }
            }
        case .hard:
            var rows = 0
            while true {
                var down = piece
                down.y -= 1
                guard fits(down) else { break }
                piece = down
                rows += 1
            }
            score += 2 * rows
            if rows > 0 { lastWasRotation = false }  // a fall after the turn: no spin
            lockDown()
            return
        case .hold:
            guard !holdUsed else { return }
            holdUsed = true
            let current = piece.kind
            let incoming = held ?? take()
            held = current
            generate(incoming)
            return
        case .wait(let ms):
            if wasOnSurface { lockTimer += ms }
        }
        if onSurface() && (lockTimer >= 500 || moveCount >= 15) { lockDown() }
    }

    mutating func maneuvered(wasOnSurface: Bool, rotation: Bool, fifth: Bool) {
        lastWasRotation = rotation
        lastKickWasFifth = fifth
        if wasOnSurface {
            moveCount += 1
            lockTimer = 0
        }
        if piece.y < lowest {
            lowest = piece.y
            moveCount = 0
        }
    }

    /// The 3-corner test: front corners are the two beside the T's point.
    func tSpin() -> (spin: Bool, mini: Bool) {
        guard piece.kind == .t, lastWasRotation else { return (false, false) }
        let cx = piece.x + 1, cy = piece.y + 1
        func occupied(_ x: Int, _ y: Int) -> Bool {
            x < 0 || x >= Self.width || y < 0 || (y < Self.height && matrix[y][x] != nil)
        }
        let corners = [(cx - 1, cy + 1), (cx + 1, cy + 1), (cx + 1, cy - 1), (cx - 1, cy - 1)]  // TL TR BR BL
        let frontIndexes = [[0, 1], [1, 2], [2, 3], [3, 0]][piece.state]
        let filled = corners.map { occupied($0.0, $0.1) }
        guard filled.filter({ $0 }).count >= 3 else { return (false, false) }
        let front = frontIndexes.allSatisfy { filled[$0] }
        return (true, !(front || lastKickWasFifth))
    }

    mutating func lockDown() {
        let spin = tSpin()
        lastSpin = spin.spin
        let placed = cells(piece)
        for (x, y) in placed { matrix[y][x] = piece.kind }
        locks += 1
        if placed.contains(where: { $0.1 >= Self.visible }) { lockedAboveField = true }
        if placed.allSatisfy({ $0.1 >= Self.visible }) {
            over = true  // lock out
            return
        }
        let full = (0..<Self.height).filter { y in matrix[y].allSatisfy { $0 != nil } }
        for y in full.reversed() {
            matrix.remove(at: y)
            matrix.append(Array(repeating: nil, count: Self.width))
        }
        let cleared = full.count
        lastCleared = cleared
        let level = self.level
        if cleared > 0 {
            var base: Int
            if spin.spin {
                base = spin.mini ? [0, 200, 400][min(cleared, 2)] : [0, 800, 1200, 1600][min(cleared, 3)]
            } else {
                base = [0, 100, 300, 500, 800][min(cleared, 4)]
            }
            let difficult = cleared == 4 || spin.spin
            if difficult && backToBack { base = base * 3 / 2 }
            backToBack = difficult
            combo += 1
            score += base * level + 50 * combo * level
            lines += cleared
        } else {
            combo = -1
            if spin.spin { score += (spin.mini ? 100 : 400) * level }
        }
        holdUsed = false
        generate(take())
    }

    /// The visible field, top row first, as HanJul's `Board.lines` prints it.
    func visibleRows(letters: [Kind: Character]) -> [String] {
        (0..<Self.visible).reversed().map { y in String(matrix[y].map { $0.map { letters[$0]! } ?? "." }) }
    }
}
