import CLua
import CLuaShim

/// A Lua table kept alive in the registry of its ``LuaState``.
///
/// Every accessor is raw (`lua_rawget`, `lua_rawgeti`, `lua_rawlen`, `lua_next`): no
/// metamethod of a mod's table ever runs from Swift (L-31, L-32). The reference keeps its
/// state alive; use it only with that state, on that state's thread.
///
/// ```swift
/// let piece = try state.call(nextPiece, []).first?.tableValue
/// let kind = piece?["kind"].stringValue
/// let cells = piece?.rawLength ?? 0
/// ```
public final class LuaTableRef {
    /// The owning state.
    public let state: LuaState
    let reference: Int32

    init(state: LuaState, reference: Int32) {
        self.state = state
        self.reference = reference
    }

    deinit { state.releaseReference(reference) }

    /// `rawget(t, key)` for a string key.
    public subscript(key: String) -> LuaValue {
        state.withPushedReference(reference) { L, t in
            state.push(L, .text(key))
            lua_rawget(L, t)
            return state.value(L, at: -1)
        }
    }

    /// `rawget(t, i)` for an integer key (`lua_rawgeti`).
    public subscript(index: Int) -> LuaValue {
        state.withPushedReference(reference) { L, t in
            lua_rawgeti(L, t, lua_Integer(index))
            return state.value(L, at: -1)
        }
    }

    /// `rawget(t, key)` for any key.
    public func rawGet(_ key: LuaValue) -> LuaValue {
        state.withPushedReference(reference) { L, t in
            state.push(L, key)
            lua_rawget(L, t)
            return state.value(L, at: -1)
        }
    }

    /// `rawlen(t)`: the border of the array part, without `__len`.
    public var rawLength: Int {
        state.withPushedReference(reference) { L, t in Int(truncatingIfNeeded: lua_rawlen(L, t)) }
    }

    /// Whether the table has a metatable (read raw).
    public var hasMetatable: Bool {
        state.withPushedReference(reference) { L, t in lua_getmetatable(L, t) != 0 }
    }

    /// `rawset(t, key, value)`. Throws ``LuaError/conversion(_:)`` for a `nil` or NaN key.
    public func rawSet(_ key: LuaValue, _ value: LuaValue) throws(LuaError) {
        switch key {
        case .nil: throw .conversion("table key is nil")
        case .number(let d) where d.isNaN: throw .conversion("table key is NaN")
        case .other(let name): throw .conversion("table key of type \(name) cannot be pushed")
        default: break
        }
        state.withPushedReference(reference) { L, t in
            state.push(L, key)
            state.push(L, value)
            lua_rawset(L, t)
        }
    }

    /// `rawset(t, key, value)` for a string key.
    public func rawSet(_ key: String, _ value: LuaValue) {
        try? rawSet(.text(key), value)
    }

    /// All entries, read with `lua_next`. The order is Lua's internal order, which differs
    /// between processes for string keys (L-13): sort before depending on it.
    ///
    /// - Complexity: O(n).
    public func entries() -> [(key: LuaValue, value: LuaValue)] {
        state.withPushedReference(reference) { L, t in
            var result: [(key: LuaValue, value: LuaValue)] = []
            lua_pushnil(L)
            while lua_next(L, t) != 0 {
                result.append((state.value(L, at: -2), state.value(L, at: -1)))
                hj_pop(L, 1)
            }
            return result
        }
    }

    /// The array part `t[1] … t[rawlen(t)]`, read raw.
    ///
    /// - Complexity: O(n).
    public func arrayValues() -> [LuaValue] {
        state.withPushedReference(reference) { L, t in
            let n = Int(truncatingIfNeeded: lua_rawlen(L, t))
            var result: [LuaValue] = []
            result.reserveCapacity(n)
            for i in 0..<n {
                lua_rawgeti(L, t, lua_Integer(i + 1))
                result.append(state.value(L, at: -1))
                hj_pop(L, 1)
            }
            return result
        }
    }
}
