import HanJulCore
import LuaKit

/// `hanjul.standard`, a global every mod's Lua state has: the standard rules as functions,
/// so an override can build on them (`return hanjul.standard.gravity(level + 2)`). They
/// call `StandardRules` itself: there is one copy of the standard rules.
enum StandardAPI {
    /// The function names, for docs and the stubs' drift test.
    static var functionNames: [String] { functions.keys.sorted() }

    static var functions: [String: LuaHostFunction] { [
        "points": { args in
            args.push(StandardRules.linePoints(lines: try args.integer(1), level: try args.integer(2)))
            return 1
        },
        "level": { args in
            args.push(StandardRules.level(lines: try args.integer(1)))
            return 1
        },
        "gravity": { args in
            args.push(StandardRules.gravityInterval(level: try args.integer(1)))
            return 1
        },
        "soft_drop_points": { args in
            args.push(StandardRules.softDropPoints(rows: try args.integer(1)))
            return 1
        },
        "hard_drop_points": { args in
            args.push(StandardRules.hardDropPoints(rows: try args.integer(1)))
            return 1
        },
    ] }

    /// Sets the `hanjul` global of `lua`: `{ standard = { points, level, gravity, hard_drop_points } }`.
    static func install(in lua: LuaState) {
        let standard = lua.makeObject(name: "hanjul.standard", methods: functions)
        let hanjul = lua.makeObject(name: "hanjul", methods: [:], fields: ["standard": .table(standard)])
        lua.setGlobal("hanjul", .table(hanjul))
    }
}
