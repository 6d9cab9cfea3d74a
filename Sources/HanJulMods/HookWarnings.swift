import HanJulCore

/// The one place a hook's failure goes when the game goes on without it (RELIABILITY L-46).
///
/// A few hooks cannot stop the game when they fail: the clock needs a gravity interval, a
/// hard drop its points, a piece a place to enter. There the rules go on with a default,
/// and report the failure here, once per mod and hook: `hanjul run --json` lists the
/// reports as `warnings`, `hanjul check` fails on them, `sim` and `compare` count them per
/// game and `play` shows each in a notice. The rules and their bot's lookahead copy share
/// one collector, so a hook that fails only in the lookahead is reported too.
///
/// ```
/// Mods/bad/mod.lua:5: gravity: returned a bad value: gravity must return an integer,
/// not string "16" (the game went on with the interval before it: 700 ms)
/// ```
final class HookWarnings {
    /// Each failure once, oldest first.
    private(set) var list: [RuleError] = []
    /// `mod NUL hook` of each reported failure.
    private var seen: Set<String> = []

    /// As new: for the next game of rules reused (`LuaRules.resetForNewGame`).
    func clear() {
        list = []
        seen = []
    }

    /// Records `error`, unless its mod and hook already failed: `fallback` says what the
    /// game used instead, `lookahead` that the bot's copy of the mods raised it.
    func report(_ error: RuleError, fallback: String, lookahead: Bool) {
        let key = (error.mod ?? "") + "\u{0}" + error.hook
        guard seen.insert(key).inserted else { return }
        var warning = error
        warning.message += " (\(lookahead ? "in the bot's lookahead copy of the mods; " : "")the game went on with \(fallback))"
        list.append(warning)
    }
}
