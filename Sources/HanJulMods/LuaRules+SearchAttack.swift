import HanJulBot
import HanJulCore

/// The attack bot's question (`AttackRules`): the mods' `attack` chain on a lock it
/// considers, run in the bot's search copy of the mods (`lookaheadCopy`), so the game's own
/// Lua states see only the locks the game makes (its replays verify).
extension LuaRules: AttackRules {
    public func searchAttack(_ facts: LockFacts, perfectClear: Bool, before state: GameState) throws(RuleError) -> Int? {
        guard has(.attack) else { return nil }
        return try (isLookahead ? self : lookaheadCopy).attack(facts, perfectClear: perfectClear, state: state)
    }
}
