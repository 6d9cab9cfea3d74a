extension Game {
    /// `apply` under a lock delay (`LockDelay` documents the rules): `G` and `D` never lock,
    /// `W` runs the timer, moves and turns on a grounded piece are resets.
    mutating func applyWithLockDelay(_ action: Action, _ delay: LockDelay) {
        state.actionsApplied += 1
        let before = state.piece
        let wasGrounded = !state.fits(before.offset(0, 1))
        do throws(RuleError) {
            switch action {
            case .left: try shift(-1)
            case .right: try shift(1)
            case .rotate: try rotate(by: 1)
            case .rotateCounterclockwise:
                guard rules.allowsCounterclockwise else { break }
                try rotate(by: -1)
            case .rotateHalfTurn:
                guard rules.allowsHalfTurn else { break }
                try rotate(by: 2)
            case .hold:
                guard rules.holdEnabled else { break }
                try hold()
                return
            case .softDrop: try fall(soft: true)
            case .gravity:
                state.ticks += 1
                try fall(soft: false)
                if !state.isOver {
                    try rules.didTick(&state)
                    try afterHook()
                }
            case .hardDrop:
                try hardDrop()
                return
            case .wait(let milliseconds):
                if wasGrounded {
                    let sum = state.lockElapsed.addingReportingOverflow(max(0, milliseconds))
                    state.lockElapsed = sum.overflow ? Int.max : sum.partialValue
                }
            }
            // Before the lock timer's bookkeeping: a slide off a ledge that falls at once
            // reaches a new lowest row (its resets come back), as a fall by gravity would.
            settle()
            guard !state.isOver else { return }
            let piece = state.piece
            if piece != before { countReset(delay, from: before, to: piece, stepped: action == .softDrop || action == .gravity,
                                            wasGrounded: wasGrounded) }
            guard !state.fits(piece.offset(0, 1)) else { return }
            if delay.isExhausted(resets: state.lockResets) || state.lockElapsed >= delay.milliseconds(atLevel: state.level) {
                try lock()
            }
        } catch {
            state.end(.ruleError(error))
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
