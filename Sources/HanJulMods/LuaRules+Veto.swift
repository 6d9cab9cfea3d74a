import HanJulCore
import LuaKit

extension LuaRules {
    /// Whether the change `event` (a word a mod chose: `"rise"`) may happen: every mod but
    /// `asking` that defines `veto` is asked, in load order (read-only), and the first that
    /// returns true cancels it. Returns the id of that mod, or nil when none does.
    func veto(_ event: String, argument: Int?, state: GameState, asking: GameBridge) throws(RuleError) -> String? {
        guard has(.veto) else { return nil }
        for (mod, function) in chain(.veto) where mod.bridge !== asking {
            let cancels = try read(mod, function, hook: .veto, state, push: { args in
                args.push(event)
                if let argument { args.push(argument) }
            }, read: { $0.isTruthy(1) })
            if cancels { return mod.manifest.id }
        }
        return nil
    }
}
