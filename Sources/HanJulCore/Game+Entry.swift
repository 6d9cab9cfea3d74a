extension Game {
    /// After a lock: under an entry delay (`Rules.entryDelay`) of more than 0 ms at the
    /// level, the game waits for the next piece (`GameState.isEntering`). True then.
    mutating func waitsForEntry(cleared: Int) -> Bool {
        guard let delay = rules.entryDelay else { return false }
        let milliseconds = delay.milliseconds(atLevel: state.level, cleared: cleared > 0)
        guard milliseconds > 0 else { return false }
        state.entryDelayLeft = milliseconds
        state.entryTurn = 0
        state.entryHold = false
        return true
    }

    /// `apply` during an entry delay (`EntryDelay` documents the rules): `W` runs it out,
    /// turns and a hold are noted for the entering piece, other actions change nothing.
    mutating func applyDuringEntry(_ action: Action) {
        state.actionsApplied += 1
        switch action {
        case .wait(let milliseconds):
            state.entryDelayLeft -= min(max(0, milliseconds), state.entryDelayLeft)
            guard state.entryDelayLeft == 0 else { return }
            do throws(RuleError) {
                try endEntryDelay()
            } catch {
                state.end(.ruleError(error))
            }
        case .rotate: state.entryTurn = 1
        case .rotateCounterclockwise where rules.allowsCounterclockwise: state.entryTurn = -1
        case .rotateHalfTurn where rules.allowsHalfTurn: state.entryTurn = 2
        case .hold where rules.holdEnabled: state.entryHold = true
        default: break
        }
    }

    /// The next piece enters: sent to the hold slot at once when a hold was given (IHS),
    /// and the piece in play then turned as `enter` makes it (IRS).
    mutating func endEntryDelay() throws(RuleError) {
        defer {
            state.entryTurn = 0
            state.entryHold = false
        }
        try spawnNext()
        guard state.entryHold, !state.isOver, state.hasPiece else { return }
        state.entryHold = false
        try hold()
    }

    /// The entry turn (IRS) of a piece that just entered, before it falls: made through the
    /// rules' turn, so it kicks as a turn would; a turn that does not fit is not made. Not
    /// while the piece is about to go to the hold slot (IHS): the piece it brings takes it.
    @inline(__always)
    mutating func turnAsEntering() throws(RuleError) {
        guard state.entryTurn != 0, !state.entryHold, !state.isOver else { return }
        let turn = Int(state.entryTurn)
        state.entryTurn = 0
        try rotate(by: turn)
    }

    /// Ends an entry delay at once, as a wait of what is left of it (a bot's placement,
    /// which takes no time, hands the next piece its turn): the wait applied, or nil when
    /// no piece is awaited.
    @discardableResult @inlinable
    public mutating func enterNext() -> Action? {
        guard state.isEntering else { return nil }
        let wait = Action.wait(milliseconds: state.entryDelayLeft)
        apply(wait)
        return wait
    }
}
