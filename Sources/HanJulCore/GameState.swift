/// Everything that changes during a game, as one value: copy it to look ahead (bots do).
///
/// Rules hooks receive it `inout` and change it through its methods, which keep the board
/// and the piece consistent.
public struct GameState: Equatable, Sendable {
    public internal(set) var board: Board
    public let pieces: PieceSet
    /// The piece in play; after game over, the piece that ended it. Between a lock and the
    /// next spawn (and when the game ended there), the piece that locked: see `hasPiece`.
    public internal(set) var piece: Piece
    /// Whether `piece` is in play (or, after game over, is the piece that did not fit):
    /// false before the first spawn, from a lock until the next piece enters, and when the
    /// game ended between them (a rule finished it after a lock, the queue ran out).
    public internal(set) var hasPiece = false
    /// The kinds to come, next first; as long as the rules' preview, or shorter once the
    /// rules ended the queue (`queueEnded`).
    public internal(set) var queue: [Int]
    /// Whether the rules said no piece comes after those in `queue` (a mod's `next_piece`
    /// returned nil): the rules are not asked again, and the game ends when a piece should
    /// enter and none is left (`GameOverReason.outOfPieces`).
    public internal(set) var queueEnded = false
    public internal(set) var score: Int
    public internal(set) var lines: Int
    public internal(set) var level: Int
    public internal(set) var phase: Phase
    /// Every kind spawned so far, in order, the current one included.
    public internal(set) var dealt: [UInt8]
    /// Pieces locked so far.
    public internal(set) var piecesLocked: Int
    /// Gravity ticks (`G` actions) applied so far: the game's clock.
    public internal(set) var ticks: Int
    /// Actions that changed the game or were applied while it was playing.
    public internal(set) var actionsApplied: Int
    /// The kind in the hold slot, for rules with one.
    public internal(set) var held: Int?
    /// Whether the hold was used since the last lock (one hold per piece).
    public internal(set) var holdUsed: Bool
    /// The last action that moved or turned the piece in play (`nil` right after a spawn):
    /// rules that reward spins (a T-spin) look at it in `didLock`.
    public internal(set) var lastMove: Action?
    /// When `lastMove` is a turn, the index of the kick offset that made it fit.
    public internal(set) var lastKick: Int?
    /// How far the last turn's kick moved the piece (`(0, 0)` for other moves): the T-spin
    /// test counts a (±1, ±2) kick as a full spin.
    public internal(set) var lastKickShift: Cell
    /// The facts of the latest lock (`nil` before the first), complete once its rows are
    /// removed: scoring hooks and `didClear`/`didFinishLock` see the lock they are about.
    public internal(set) var lastLock: LockFacts?
    /// Locks in a row that cleared rows, up to the latest (0 after one that cleared none).
    public internal(set) var combo: Int
    /// Whether the latest clear was difficult (4+ rows or a spin): the next difficult one is
    /// back-to-back.
    public internal(set) var backToBackReady: Bool
    /// What rules announced (`announce`), oldest first; the latest `maxCallouts` are kept.
    public internal(set) var callouts: [String]
    /// Callouts announced so far, those no longer kept included.
    public internal(set) var calloutsAnnounced = 0
    /// Milliseconds of game time: the sum of the `W<ms>` actions applied (the game's clock,
    /// which timed rules read; see `Rules.isTimed`). 0 when no time was told.
    public internal(set) var elapsedMilliseconds: Int
    /// Under a lock delay (`Rules.lockDelay`): milliseconds the piece has rested on the
    /// stack since its lock timer last started. 0 under other rules.
    public internal(set) var lockElapsed: Int
    /// Under a lock delay: the resets (moves and turns while grounded) the piece has used
    /// since it spawned or last reached a new lowest row. 0 under other rules.
    public internal(set) var lockResets: Int
    /// Under a lock delay: the lowest row (the largest `y` of the piece's box) the piece
    /// has reached. 0 under other rules.
    public internal(set) var lowestRow: Int
    /// Under an entry delay (`Rules.entryDelay`): milliseconds left before the next piece
    /// enters; above 0 only between a lock and that entry (no piece is in play).
    public internal(set) var entryDelayLeft = 0
    /// The turn given during the entry delay, made as the piece enters (IRS): 1 clockwise,
    /// −1 counter-clockwise, 2 a half turn; 0 for none.
    public internal(set) var entryTurn: Int8 = 0
    /// Whether a hold was given during the entry delay (IHS): the entering piece goes to
    /// the hold slot as it enters.
    public internal(set) var entryHold = false
    /// Whether the game waits out an entry delay: no piece is in play, and `W` brings the
    /// next one in.
    @inlinable public var isEntering: Bool { entryDelayLeft > 0 && !isOver }
    /// Whether the gravity interval at the current level is 0 (instant gravity, "20G"): the
    /// piece then falls to rest at once when it spawns and after every action. Set from
    /// `Rules.gravityInterval(level:)` when the game starts and when the level changes.
    public internal(set) var instantGravity = false
    /// The game's seeded random generator, the only randomness rules may use.
    public var random: SplitMix64
    /// What happened during the latest action (cleared at the start of each).
    public internal(set) var events: [Event]
    /// The piece source the game started with.
    public let source: PieceSource

    var bag: [UInt8]
    var sequenceIndex: Int
    /// The line count `level` was computed for.
    var levelLines = 0
    /// The level the game cannot fall below (`GameStart.level`).
    var startLevel = 1
    /// Whether the rules set the level themselves (`setLevel`): from then on the lines no
    /// longer decide it.
    public internal(set) var levelSetByRules = false
    /// A rule set the level since the engine last asked for its gravity.
    var levelChanged = false

    init(board: Board, pieces: PieceSet, source: PieceSource) {
        self.board = board
        self.pieces = pieces
        self.source = source
        piece = Piece(kind: 0, rotation: 0, x: 0, y: 0)
        queue = []
        score = 0
        lines = 0
        level = 1
        phase = .playing
        dealt = []
        dealt.reserveCapacity(1024)
        piecesLocked = 0
        held = nil
        holdUsed = false
        lastMove = nil
        lockElapsed = 0
        elapsedMilliseconds = 0
        lockResets = 0
        lowestRow = 0
        lastKick = nil
        lastKickShift = Cell(x: 0, y: 0)
        lastLock = nil
        combo = 0
        backToBackReady = false
        callouts = []
        ticks = 0
        actionsApplied = 0
        switch source {
        case .seeded(let seed): random = SplitMix64(seed: seed)
        case .sequence: random = SplitMix64(seed: 0)
        }
        events = []
        events.reserveCapacity(16)
        bag = []
        bag.reserveCapacity(pieces.count)
        sequenceIndex = 0
    }

    /// Whether the game is over.
    @inlinable public var isOver: Bool { if case .over = phase { true } else { false } }

    /// Whether `piece` fits on the board.
    @inlinable public func fits(_ piece: Piece) -> Bool { board.fits(piece, in: pieces) }

    /// `piece` turned `direction` rotation states (1 clockwise, −1 counter-clockwise, 2 a
    /// half turn), at the first of `kicks` where it fits, with that offset's index; `nil`
    /// when none fits.
    public func turned(_ piece: Piece, by direction: Int, kicks: [Cell]) -> (piece: Piece, kick: Int)? {
        turned(piece, to: rotation(of: piece, turnedBy: direction), kicks: kicks)
    }

    /// `piece` turned `direction` rotation states with the offsets `rules` give for that
    /// turn (`Rules.kicks(kind:from:to:)`).
    /// Inlined (as the helpers below): the engine's turn then reads the state in place
    /// rather than through a copy of it.
    @_specialize(where R == StandardRules)
    @inline(__always)
    public func turned<R: Rules>(_ piece: Piece, by direction: Int, rules: R) -> (piece: Piece, kick: Int)? {
        let to = rotation(of: piece, turnedBy: direction)
        return turned(piece, to: to, kicks: rules.kicks(kind: piece.kind, from: piece.rotation, to: to))
    }

    /// The rotation state `direction` states on from `piece`'s, wrapping.
    @inline(__always)
    public func rotation(of piece: Piece, turnedBy direction: Int) -> Int {
        let count = pieces.rotationCount(of: piece.kind)
        // Subtraction, not `%`: a division per turn showed in profiles.
        var rotation = piece.rotation + direction
        while rotation >= count { rotation -= count }
        while rotation < 0 { rotation += count }
        return rotation
    }

    @inline(__always)
    private func turned(_ piece: Piece, to rotation: Int, kicks: [Cell]) -> (piece: Piece, kick: Int)? {
        var turned = piece
        turned.rotation = rotation
        for (index, offset) in kicks.enumerated() {
            let candidate = turned.offset(offset.x, offset.y)
            if fits(candidate) { return (candidate, index) }
        }
        return nil
    }

    /// Deals the next kind from a bag holding each kind once (each with `inBag`), refilled
    /// and shuffled with the game's generator when empty (Fisher–Yates from the last
    /// position down).
    public mutating func drawFromBag() -> Int {
        if bag.isEmpty {
            for kind in 0..<pieces.count where pieces.kinds[kind].inBag { bag.append(UInt8(kind)) }
            // A set with no kind in the bag deals every kind (the rules should say otherwise).
            if bag.isEmpty { for kind in 0..<pieces.count { bag.append(UInt8(kind)) } }
            var i = bag.count - 1
            while i > 0 {
                let j = random.below(i + 1)
                bag.swapAt(i, j)
                i -= 1
            }
            // Dealt in shuffled order, index 0 first; reversed so each deal is a cheap removeLast.
            bag.reverse()
        }
        return Int(bag.removeLast())
    }

    /// The kinds left in the current bag, next first.
    public var bagRemaining: [Int] { bag.reversed().map(Int.init) }

    /// Adds points, saturating instead of overflowing.
    public mutating func addScore(_ points: Int, reason: ScoreReason) {
        guard points != 0 else { return }
        let (sum, overflow) = score.addingReportingOverflow(points)
        score = overflow ? (points > 0 ? Int.max : Int.min) : sum
        events.append(.scored(points: points, reason: reason))
    }

    /// The most callouts a game keeps (older ones are dropped first).
    public static let maxCallouts = 256

    /// Queues a callout for the player ("T-SPIN DOUBLE"): kept in `callouts` and reported
    /// by an `.announced` event. Text is one line: control characters become spaces and it is
    /// cut to 48 characters.
    public mutating func announce(_ text: String) {
        var line = ""
        for character in text {
            if line.count == 48 { break }
            line.append(character.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value) }
                        ? character : " ")
        }
        if callouts.count == Self.maxCallouts { callouts.removeFirst() }
        callouts.append(line)
        calloutsAnnounced += 1
        events.append(.announced(number: calloutsAnnounced))
    }

    /// The text of the `number`th callout (`Event.announced`), while it is among the
    /// latest `maxCallouts`.
    public func callout(number: Int) -> String? {
        let index = callouts.count - (calloutsAnnounced - number) - 1
        return index >= 0 && index < callouts.count ? callouts[index] : nil
    }

    /// Forgets the latest action's events, keeping their storage. One `removeLast` per
    /// event: `removeAll(keepingCapacity:)` goes through the generic `replaceSubrange`,
    /// twice the instructions for the two or three events of an action (every action
    /// clears them).
    @inline(__always)
    mutating func clearEvents() {
        while !events.isEmpty { events.removeLast() }
    }

    /// Ends the game.
    public mutating func end(_ reason: GameOverReason) {
        guard !isOver else { return }
        phase = .over(reason)
        events.append(.gameOver)
    }

    /// Edits the board through `body`, recording a `boardEdited` event.
    public mutating func editBoard(_ body: (inout Board) -> Void) {
        body(&board)
        events.append(.boardEdited)
    }

    /// Replaces the queue of coming kinds.
    /// - Precondition: every kind is in the piece set.
    public mutating func setQueue(_ kinds: [Int]) {
        precondition(kinds.allSatisfy { $0 >= 0 && $0 < pieces.count }, "queue kind out of range")
        queue = kinds
    }

    /// Moves the piece in play to `piece` when it fits; returns whether it did.
    @discardableResult
    public mutating func movePiece(to piece: Piece) -> Bool {
        guard piece.kind == self.piece.kind, fits(piece) else { return false }
        self.piece = piece
        return true
    }

    /// Puts `piece` in play in place of the current one (a mod's `move_piece`/`set_piece`):
    /// its kind may change; it must be a kind and rotation of the set and fit the board.
    /// Returns whether it did (nothing changes otherwise). The last move and kick stay as
    /// they were: a piece a hook drops after a turn still locks with that turn as its last
    /// movement (a spin under 20G).
    @discardableResult
    public mutating func placePiece(_ piece: Piece) -> Bool {
        guard piece.kind >= 0, piece.kind < pieces.count, piece.rotation >= 0,
              piece.rotation < pieces.rotationCount(of: piece.kind),
              Piece.isNearBoard(x: piece.x, y: piece.y), fits(piece) else { return false }
        guard piece != self.piece else { return true }
        self.piece = piece
        events.append(.moved(piece))
        return true
    }

    /// Removes full rows and returns how many and which, without scoring them.
    public mutating func clearFullRows() -> (count: Int, rows: UInt64) {
        let result = board.clearFullRows()
        if result.count > 0 { events.append(.cleared(count: result.count, rows: result.rows)) }
        return result
    }

    /// The largest level a rule may set.
    public static let maxLevel = 1_000_000

    /// Sets the level (a mod's `set_level`: TGM's level counts pieces and lines). From then
    /// on the level is the rules' own: lines no longer change it. The engine asks the rules
    /// for the gravity at the new level after the hook returns.
    /// - Precondition: `0...maxLevel` contains `level`.
    public mutating func setLevel(_ level: Int) {
        precondition((0...Self.maxLevel).contains(level), "level out of range")
        levelSetByRules = true
        if level != self.level {
            self.level = level
            levelChanged = true
        }
    }

    /// Adds cleared lines to the total. The engine sets the level from the rules after the
    /// hook that called this returns.
    public mutating func countLines(_ count: Int) {
        lines = lines.addingReportingOverflow(count).overflow ? Int.max : lines + count
    }
}
