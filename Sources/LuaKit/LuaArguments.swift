import CLua
import CLuaShim

/// A view of the Lua stack during a host function (its arguments, index 1 first) or after a
/// call (its results). Readers are checked and never coerce: a numeric string is not a
/// number, a float without an exact integer value is not an integer, and no metamethod runs.
/// Failures are ``LuaHostError``s with Lua's usual wording
/// ("bad argument #2 to 'game.set' (integer expected, got string)").
///
/// Valid only during the host function (or the `read` closure) it was given to.
public struct LuaArguments {
    let state: LuaState
    let L: OpaquePointer
    let base: Int32
    /// The host function's name, used in messages.
    public let functionName: String

    init(state: LuaState, L: OpaquePointer, base: Int32, functionName: String) {
        self.state = state
        self.L = L
        self.base = base
        self.functionName = functionName
    }

    /// Number of arguments (or results).
    public var count: Int { Int(lua_gettop(L) - base) }

    /// The type at position `i` (1-based); ``LuaType/none`` beyond ``count``.
    public func type(_ i: Int) -> LuaType {
        guard i >= 1, i <= count else { return .none }
        return LuaType(lua_type(L, base + Int32(i)))
    }

    private func index(_ i: Int) -> Int32 { base + Int32(clamping: i) }

    /// Results a host reads back (``LuaState/call(_:resultCount:push:read:)``) are not
    /// arguments: their messages say "result #2" and show the value the function returned.
    private var readsResults: Bool { functionName == "result" }

    private func bad(_ i: Int, _ expected: String) -> LuaHostError {
        if readsResults { return LuaHostError("result #\(i): \(expected) expected, got \(shown(i))") }
        return LuaHostError("bad argument #\(i) to '\(functionName)' (\(expected) expected, got \(type(i) == .none ? "no value" : type(i).name))")
    }

    /// The value at `i` as a message shows it: `string "a"`, `number 1.5`, `boolean true`,
    /// `nil`, `no value`, or the type of anything else.
    private func shown(_ i: Int) -> String {
        switch type(i) {
        case .none: return "no value"
        case .nil: return "nil"
        case .boolean: return "boolean \(lua_toboolean(L, index(i)) != 0)"
        case .number:
            if lua_isinteger(L, index(i)) != 0 { return "integer \(lua_tointegerx(L, index(i), nil))" }
            let d = lua_tonumberx(L, index(i), nil)
            return "number \(d.isNaN ? "nan" : String(describing: d))"
        case .string:
            var length = 0
            let p = lua_tolstring(L, index(i), &length)
            let prefix = LuaString(Array(UnsafeRawBufferPointer(start: p, count: min(length, 41))))
            return "string \"\(prefix.sanitized(maxBytes: 40))\""
        case let other: return other.name
        }
    }

    /// An integer; floats with an exact integer value are accepted.
    public func integer(_ i: Int) throws(LuaHostError) -> Int {
        guard type(i) == .number else { throw bad(i, "integer") }
        var isNumber: Int32 = 0
        let v = lua_tointegerx(L, index(i), &isNumber)
        guard isNumber != 0 else {
            if readsResults { throw LuaHostError("result #\(i): integer expected, got \(shown(i))") }
            throw LuaHostError("bad argument #\(i) to '\(functionName)' (number has no integer representation)")
        }
        return Int(v)
    }

    /// An integer, or `nil` when the argument is absent or nil.
    public func optionalInteger(_ i: Int) throws(LuaHostError) -> Int? {
        let t = type(i)
        return t == .none || t == .nil ? nil : try integer(i)
    }

    /// A number (may be NaN or infinite: check before converting).
    public func number(_ i: Int) throws(LuaHostError) -> Double {
        guard type(i) == .number else { throw bad(i, "number") }
        return lua_tonumberx(L, index(i), nil)
    }

    /// A finite number.
    public func finiteNumber(_ i: Int) throws(LuaHostError) -> Double {
        let d = try number(i)
        guard d.isFinite else {
            if readsResults { throw LuaHostError("result #\(i): finite number expected, got \(shown(i))") }
            throw LuaHostError("bad argument #\(i) to '\(functionName)' (finite number expected)")
        }
        return d
    }

    /// A string's exact bytes.
    public func bytes(_ i: Int) throws(LuaHostError) -> LuaString {
        guard type(i) == .string else { throw bad(i, "string") }
        var length = 0
        let p = lua_tolstring(L, index(i), &length)
        return LuaString(Array(UnsafeRawBufferPointer(start: p, count: length)))
    }

    /// A string decoded as UTF-8 (lossy).
    public func string(_ i: Int) throws(LuaHostError) -> String {
        try bytes(i).string
    }

    /// A boolean (strict: only `true`/`false`).
    public func boolean(_ i: Int) throws(LuaHostError) -> Bool {
        guard type(i) == .boolean else { throw bad(i, "boolean") }
        return lua_toboolean(L, index(i)) != 0
    }

    /// Lua truthiness of the argument (absent and nil are false).
    public func isTruthy(_ i: Int) -> Bool {
        guard i >= 1, i <= count else { return false }
        return lua_toboolean(L, index(i)) != 0
    }

    /// A table, as a registry reference (read it raw through ``LuaTableRef``).
    public func table(_ i: Int) throws(LuaHostError) -> LuaTableRef {
        guard type(i) == .table else { throw bad(i, "table") }
        return state.value(L, at: index(i)).tableValue!
    }

    /// `rawget(t, key)` on table argument `i`, read in place: no registry reference is made
    /// (``table(_:)`` makes one), for a host function that reads a few fields per call.
    public func rawField(_ i: Int, _ key: LuaValue) throws(LuaHostError) -> LuaValue {
        guard type(i) == .table else { throw bad(i, "table") }
        guard LuaStackGuard.reserve(L, 2) else { throw LuaHostError("\(functionName): \(LuaStackGuard.exhausted)") }
        state.push(L, key)
        lua_rawget(L, index(i))
        defer { hj_pop(L, 1) }
        return state.value(L, at: -1)
    }

    /// The byte of a one-byte string argument, read in place (no copy): `nil` for any other
    /// value. Hooks that return a piece letter use it on their hot path.
    public func singleByte(_ i: Int) -> UInt8? {
        guard i >= 1, i <= count, lua_type(L, index(i)) == LUA_TSTRING else { return nil }
        var length = 0
        guard let pointer = lua_tolstring(L, index(i), &length), length == 1 else { return nil }
        return UInt8(bitPattern: pointer[0])
    }

    /// Any value, copied out (tables and functions as references).
    public func value(_ i: Int) -> LuaValue {
        guard i >= 1, i <= count else { return .nil }
        return state.value(L, at: index(i))
    }

    /// Whether argument `i` is the very table `object` (e.g. the `self` of a method call).
    public func isSame(_ i: Int, as object: LuaTableRef) -> Bool {
        guard i >= 1, i <= count, reserve(1) else { return false }
        lua_rawgeti(L, hj_registryindex(), lua_Integer(object.reference))
        defer { hj_pop(L, 1) }
        return lua_rawequal(L, index(i), -1) != 0
    }

    /// Charges `instructions` of work this host function did (or is about to do) to the
    /// running call's instruction budget, so host work that grows with its input is
    /// bounded like Lua code (L-17): a mod calling an expensive method in a loop runs out
    /// of budget instead of hanging the game. Throws when the budget is spent; the call is
    /// then stopped at its next instruction even if the mod catches the error.
    public func charge(_ instructions: Int) throws(LuaHostError) {
        guard hj_charge(L, Int64(clamping: instructions)) == 0 else {
            throw LuaHostError("\(functionName): ran past the instruction budget")
        }
    }

    /// Runs host work that calls into other Lua states, each watched by its own
    /// watchdog slot (a test harness playing a game), without it counting as this call
    /// hanging: this state's watch is idle during `body` and starts afresh after (L-24).
    public func unwatched<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        hj_watch_suspend(L)
        defer { hj_watch_resume(L) }
        return try body()
    }

    // MARK: Results

    /// Pushes an integer result.
    public func push(_ value: Int) { guard reserve() else { return }; lua_pushinteger(L, lua_Integer(value)) }
    /// Pushes a float result.
    public func push(_ value: Double) { guard reserve() else { return }; lua_pushnumber(L, value) }
    /// Pushes a boolean result.
    public func push(_ value: Bool) { guard reserve() else { return }; lua_pushboolean(L, value ? 1 : 0) }
    /// Pushes a string result.
    public func push(_ value: String) { guard reserve() else { return }; state.pushText(L, value) }
    /// Pushes any value.
    public func push(_ value: LuaValue) { guard reserve() else { return }; state.push(L, value) }
    /// Pushes a table (e.g. a host object). Hooks push the game object on every call:
    /// straight from the registry, without wrapping it in a ``LuaValue`` first.
    public func push(_ table: LuaTableRef) {
        precondition(table.state === state, "table from another LuaState")
        guard reserve() else { return }
        lua_rawgeti(L, hj_registryindex(), lua_Integer(table.reference))
    }
    /// Pushes nil.
    public func pushNil() { guard reserve() else { return }; lua_pushnil(L) }

    /// Pushes a new table of integer fields, `{x = 1, y = 2}`, without keeping a reference
    /// (raw sets on a fresh table: no metamethod runs).
    public func pushRecord(_ fields: KeyValuePairs<String, Int>) {
        guard reserve(3) else { return }
        lua_createtable(L, 0, Int32(clamping: fields.count))
        for (key, value) in fields {
            state.pushText(L, key)
            lua_pushinteger(L, lua_Integer(value))
            lua_rawset(L, -3)
        }
    }

    /// Pushes a new table of fields of any kind, `{spin = "full", lines = 2}` (raw sets on a
    /// fresh table; `nil` values leave the field out).
    public func pushTable(_ fields: KeyValuePairs<String, LuaValue>) {
        guard reserve(3) else { return }
        lua_createtable(L, 0, Int32(clamping: fields.count))
        for (key, value) in fields {
            state.pushText(L, key)
            state.push(L, value)
            lua_rawset(L, -3)
        }
    }

    /// Replaces the top `count` pushed values with one array table holding them in order.
    public func packArray(count: Int) {
        // After a push that found no room the values are not all there: the call fails anyway.
        guard !state.stackExhausted, reserve(2) else { return }
        precondition(count >= 0 && lua_gettop(L) - base >= count, "bad array count")
        lua_createtable(L, Int32(clamping: count), 0)
        lua_rotate(L, -(Int32(count) + 1), 1)  // the table goes below the values
        var above = count
        while above >= 1 {
            // The top value is the last not yet stored; the table sits under `above` values.
            lua_rawseti(L, -(Int32(above) + 1), lua_Integer(above))
            above -= 1
        }
    }

    /// Replaces the top `2 × count` pushed values, key then value for each field, with one
    /// table holding them (raw sets on a fresh table).
    public func packRecord(count: Int) {
        guard !state.stackExhausted, reserve(2) else { return }
        precondition(count >= 0 && lua_gettop(L) - base >= 2 * count, "bad record count")
        lua_createtable(L, 0, Int32(clamping: count))
        lua_rotate(L, -(2 * Int32(count) + 1), 1)  // the table goes below the pairs
        var pairs = Int32(count)
        while pairs >= 1 {
            // The table sits under the `pairs` pairs not yet stored; rawset pops the top one.
            lua_rawset(L, -(2 * pairs + 1))
            pairs -= 1
        }
    }

    /// Reserves `slots` for a push. When there is no room the push is skipped and the
    /// state remembers it: the host function's call (or ``LuaState/call(_:resultCount:push:read:)``)
    /// then fails with "Lua stack exhausted", the guard's one answer (LuaStackGuard).
    private func reserve(_ slots: Int = 1) -> Bool {
        if !state.stackExhausted, LuaStackGuard.reserve(L, slots) { return true }
        state.stackExhausted = true
        return false
    }
}
