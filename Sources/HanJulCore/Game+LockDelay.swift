extension Game {
    /// The lock timer after `action` (`applyToPiece`) moved the piece from `before`: its
    /// resets counted (`countReset`), and a grounded piece locked once its time or resets
    /// run out.
    @inline(__always)
    mutating func runLockTimer(_ delay: LockDelay, action: Action, from before: Piece,
                               wasGrounded: Bool) throws(RuleError) {
        guard !state.isOver else { return }
        let piece = state.piece
        if piece != before { countReset(delay, from: before, to: piece, stepped: action == .softDrop || action == .gravity,
                                        wasGrounded: wasGrounded) }
        guard !state.fits(piece.offset(0, 1)) else { return }
        if delay.isExhausted(resets: state.lockResets) || state.lockElapsed >= delay.milliseconds(atLevel: state.level) {
            try lock()
        }
    }

    /// The lock timer's bookkeeping after the piece moved from `before` to `after` (by a
    /// step down when `stepped`), by the rules' kind of reset (`LockDelay.Reset`).
    @inline(__always)
    mutating func countReset(_ delay: LockDelay, from before: Piece, to after: Piece, stepped: Bool, wasGrounded: Bool) {
        let lowest = after.y > state.lowestRow
        if lowest { state.lowestRow = after.y }
        switch delay.reset {
        case .move:
            if stepped && after.y > before.y {
                state.lockElapsed = 0
            } else if wasGrounded {
                state.lockResets &+= 1
                // No resets at all: a move on the ground leaves the timer running.
                if delay.maxResets != 0 { state.lockElapsed = 0 }
            }
            if lowest { state.lockResets = 0 }
        case .step:
            if lowest { state.lockElapsed = 0 }
        case .none:
            break
        }
    }
}
