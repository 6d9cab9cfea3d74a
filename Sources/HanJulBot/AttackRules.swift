import HanJulCore

/// Rules that say what a lock sends in versus (a mod's `attack` hook): the attack bot asks
/// them about every lock it considers, so a change of their table changes its play.
public protocol AttackRules {
    /// The lines a lock with `facts` would send, or `nil` when these rules send nothing of
    /// their own (the bot then plays by the Guideline's table, `AttackWeights.lines`).
    /// `state` is the game before the lock (its board without the piece). Answered from the
    /// rules' search copy, never the game's own hooks' state.
    func searchAttack(_ facts: LockFacts, perfectClear: Bool, before state: GameState) throws(RuleError) -> Int?
}
