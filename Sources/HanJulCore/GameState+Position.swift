extension GameState {
    /// Puts the game at a position told from outside (a TBP front end's `start`): the
    /// piece in play, the coming kinds, the hold slot and the combo and back-to-back
    /// counters. The board is set with `editBoard`. Nothing else changes (score, lines,
    /// level, clock).
    /// - Precondition: every kind is in the piece set, `combo >= 0`.
    public mutating func setPosition(piece: Piece, queue: [Int], held: Int?, combo: Int, backToBackReady: Bool) {
        precondition(piece.kind >= 0 && piece.kind < pieces.count && (held.map { $0 >= 0 && $0 < pieces.count } ?? true),
                     "position kind out of range")
        precondition(combo >= 0, "negative combo")
        self.piece = piece
        hasPiece = true
        holdUsed = false
        self.held = held
        self.combo = combo
        self.backToBackReady = backToBackReady
        lastMove = nil
        lastKick = nil
        lastKickShift = Cell(x: 0, y: 0)
        entryDelayLeft = 0
        setQueue(queue)
    }
}
