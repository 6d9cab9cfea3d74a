import CLua
import CLuaShim

/// One sandboxed Lua 5.4 state: use one per mod (RELIABILITY §0.1).
///
/// The state is created with a counting allocator (``LuaLimits/memoryBytes``) and the count
/// hook installed at once and never removed (L-20). Only `base`, `string`, `table`, `math`,
/// `utf8` and `coroutine` are opened, with the sandbox wrappers described in
/// `RELIABILITY.md` §1 (no `dofile`, `loadfile`, `string.dump`, `coroutine.close`; text-only
/// `load`; `print`/`warn` to ``LuaLogMessage``; address-free `tostring`; host-driven
/// `math.random`; ordered `pairs`; capped C functions; `__gc` refused; `xpcall` as
/// pcall-then-handler). The sandbox environment *is* the state's global table: the
/// dangerous libraries were never opened, so there is nothing behind it.
///
/// Threads: a state is not thread-safe. Call it from one thread at a time, and make that a
/// thread with a known, large stack: Lua's C-stack limit (LUAI_MAXCCALLS = 200) assumes one
/// (L-36). Use ``LuaThread/run(stackSize:_:)`` unless you are on the process's main thread.
///
/// Errors: no Lua error ever unwinds through Swift. Every call runs under `lua_pcall` with
/// a C message handler; failures come back as ``LuaError``.
///
/// ```swift
/// let state = try LuaState(log: { print("[mod]", $0.text.sanitized()) })
/// let chunk = try state.load(bytes: Array(source.utf8), chunkName: "@mod.lua")
/// let module = try state.call(chunk, []).first?.tableValue
/// ```
public final class LuaState {
    /// The budgets this state was created with.
    public let limits: LuaLimits
    /// A name for reports (watchdog, logs).
    public let label: String

    let ctx: OpaquePointer
    let L: OpaquePointer
    let log: (LuaLogMessage) -> Void
    let random: () -> UInt64
    let moduleSource: (String) -> Result<LuaModule, LuaHostError>
    var hostFunctions: [(name: String, function: LuaHostFunction)] = []
    /// Set when a push of the running host function (or of `call`'s arguments) found no
    /// room on the stack: the call then fails with ``LuaStackGuard/exhausted``.
    var stackExhausted = false
    private let watchdog: LuaWatchdog?
    private let watchSlot: LuaWatchdog.Slot?

    /// Creates a sandboxed state.
    ///
    /// - Parameters:
    ///   - limits: memory and instruction budgets.
    ///   - log: receives `print` and `warn` lines. Must not call back into this state.
    ///   - random: the game's seeded generator; `math.random` draws 64-bit values from it
    ///     (L-14). `math.randomseed` is a no-op. The default is a fixed-seed SplitMix64.
    ///   - moduleSource: returns the source text of `require(name)` and the chunk name to
    ///     show for it (the name is already validated to `[A-Za-z0-9_.]`); confine it to the
    ///     mod's folder. Results are cached per state; `require` of an opened library
    ///     (`"string"`, `"utf8"`, …) returns it without asking. The default finds nothing.
    ///   - watchdog: an optional wall-clock backstop for calls that never return (L-24).
    ///   - label: a name for reports.
    /// - Throws: ``LuaError/memory`` if the state cannot be created.
    public init(
        limits: LuaLimits = LuaLimits(),
        label: String = "lua",
        log: @escaping (LuaLogMessage) -> Void = { _ in },
        random: (() -> UInt64)? = nil,
        moduleSource: @escaping (String) -> Result<LuaModule, LuaHostError> = { name in
            .failure(LuaHostError("module '\(name)' not found"))
        },
        watchdog: LuaWatchdog? = nil
    ) throws(LuaError) {
        guard let ctx = hj_new(
            limits.memoryBytes > 0 ? limits.memoryBytes : 0,
            Int64(limits.instructionsPerCall),
            Int32(clamping: limits.hookInterval))
        else { throw .memory }
        self.limits = limits
        self.label = label
        self.ctx = ctx
        self.L = hj_state(ctx)
        self.log = log
        self.random = random ?? SplitMix64(seed: 0).makeGenerator()
        self.moduleSource = moduleSource
        self.watchdog = watchdog
        if let watchdog {
            let slot = LuaWatchdog.Slot(label: label)
            self.watchSlot = slot
            hj_set_watch(ctx, slot.pointer)
            watchdog.register(slot)
        } else {
            self.watchSlot = nil
        }
        hj_set_host(ctx, Unmanaged.passUnretained(self).toOpaque(), Self.callbacks)
        let status = hj_open_sandbox(ctx)
        if status != LUA_OK {
            let error = makeError(status: status)
            hj_pop(L, 1)
            throw error
        }
    }

    deinit {
        if let watchSlot, let watchdog {
            hj_set_watch(ctx, nil)
            watchdog.unregister(watchSlot)
        }
        hj_close(ctx)
    }

    private static let callbacks = hj_callbacks(
        dispatch: { host, L, id in
            let state = Unmanaged<LuaState>.fromOpaque(host!).takeUnretainedValue()
            return state.dispatch(L!, id: Int(id))
        },
        log: { host, kind, text, length in
            let state = Unmanaged<LuaState>.fromOpaque(host!).takeUnretainedValue()
            let bytes = Array(UnsafeRawBufferPointer(start: text, count: length))
            state.log(LuaLogMessage(kind: kind == 0 ? .print : .warning, text: LuaString(bytes)))
        },
        random: { host in
            Unmanaged<LuaState>.fromOpaque(host!).takeUnretainedValue().random()
        },
        module: { host, L, name, length in
            let state = Unmanaged<LuaState>.fromOpaque(host!).takeUnretainedValue()
            let bytes = Array(UnsafeRawBufferPointer(start: name, count: length))
            switch state.moduleSource(String(decoding: bytes, as: UTF8.self)) {
            case .success(let module):
                state.pushBytes(L!, module.bytes)
                let name = module.chunkName
                state.pushText(L!, name.hasPrefix("@") || name.hasPrefix("=") ? name : "=" + name)
                return 0
            case .failure(let error):
                state.pushText(L!, error.message)
                return -1
            }
        }
    )

    // MARK: Memory and budget

    /// Bytes currently held by the state (counted by its allocator).
    public var memoryUsed: Int { hj_memory_used(ctx) }

    /// Instructions left in the budget of the current (or last) call.
    public var instructionsLeft: Int { Int(hj_instructions_left(ctx)) }

    /// Testing aid (L-28): while mod code runs, fail one growing allocation in `oneIn`,
    /// chosen by a generator seeded with `seed`; `oneIn == 0` turns it off.
    public func setAllocationFaultSchedule(seed: UInt64, oneIn: UInt32) {
        hj_set_fault_schedule(ctx, seed, oneIn)
    }

    /// How many allocations the fault schedule has failed so far.
    public var allocationFaultsInjected: Int { Int(hj_faults_injected(ctx)) }

    /// The Lua stack top of the main thread. Every public method leaves it unchanged; tests
    /// use this to check the stack discipline.
    public var stackTop: Int { Int(lua_gettop(L)) }

    /// The running Lua release, e.g. "Lua 5.4.4" (log it at startup: L-38).
    public static var luaRelease: String {
        String(cString: hj_release())
    }

    // MARK: Globals (raw)

    /// `rawget(_G, name)`.
    public func global(_ name: String) -> LuaValue {
        LuaStackGuard.withStack(L, reservingOrStopping: 4) { _ in
            var name = name
            name.withUTF8 { buffer in
                _ = hj_rawgetglobal(L, buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, buffer.count)
            }
            return value(L, at: -1)
        }
    }

    /// `rawset(_G, name, value)`.
    public func setGlobal(_ name: String, _ newValue: LuaValue) {
        LuaStackGuard.withStack(L, reservingOrStopping: 4) { _ in
            push(L, newValue)
            var name = name
            name.withUTF8 { buffer in
                hj_rawsetglobal(L, buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, buffer.count)
            }
        }
    }

    /// A new table with an array part and string-keyed fields (inserted in sorted key order).
    public func newTable(array: [LuaValue] = [], fields: [String: LuaValue] = [:]) -> LuaTableRef {
        LuaStackGuard.withStack(L, reservingOrStopping: 4) { _ in
            lua_createtable(L, Int32(clamping: array.count), Int32(clamping: fields.count))
            for (i, element) in array.enumerated() {
                push(L, element)
                lua_rawseti(L, -2, lua_Integer(i + 1))
            }
            for key in fields.keys.sorted() {
                push(L, .text(key))
                push(L, fields[key]!)
                lua_rawset(L, -3)
            }
            return LuaTableRef(state: self, reference: luaL_ref(L, hj_registryindex()))
        }
    }
}
