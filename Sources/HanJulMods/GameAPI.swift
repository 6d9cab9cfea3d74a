import HanJulSystem
import HanJulCore
import LuaKit
import HanJulText

/// The `game` object every hook receives: reads of the live state, and validated changes.
///
/// Coordinates are those of RULES.md and the JSON output: `x` from 0 at the left, `y`
/// from 0 at the top. Kinds are their letters (`"T"`). Every method checks its arguments
/// and raises a Lua error naming the method and what is wrong; changes are refused in
/// hooks that compute a value (`scoring`, `level`, `gravity`, `hard_drop_points`,
/// `spawn`, `rotate`).
package enum GameAPI {
    /// The method names, for docs and the type stubs' drift test.
    static var methodNames: [String] { methods(bridge: GameBridge()).keys.sorted() }

    /// The methods that only read the game: the test harness's game object has these too
    /// (`TestSession.gameMethods`), so a test reads a game with the names and types a hook
    /// does.
    package static let readNames: Set<String> = [
        "width", "height", "cell", "row", "is_hidden", "piece", "queue", "kinds", "held", "entry", "last_move", "lock_facts",
        "spin", "score", "lines", "level", "dealt", "pieces_locked", "tick", "time", "is_over", "fits", "placements",
    ]

    package static func methods(bridge: GameBridge) -> [String: LuaHostFunction] {
        coreMethods(bridge: bridge).merging(lookaheadMethods(bridge: bridge)) { first, _ in first }
    }

    /// The words `game:last_move()` and `lock_facts().last_move` use.
    static let moveNames: [Action: String] = [.left: "left", .right: "right", .rotate: "rotate",
                                              .rotateCounterclockwise: "rotate_ccw", .rotateHalfTurn: "rotate_180",
                                              .softDrop: "soft_drop", .hardDrop: "hard_drop"]

    private static func coreMethods(bridge: GameBridge) -> [String: LuaHostFunction] {
        let api = Access(bridge: bridge)
        var methods = readMethods(api).merging(changeMethods(api)) { first, _ in first }
        #if HANJUL_TEST_SWITCHES
        let hang = ModTestHooks.hangMilliseconds
        if hang > 0 {
            // TEST ONLY (see ModTestHooks): a host call that does not return for `hang` ms,
            // standing in for a C function the instruction budget cannot interrupt.
            methods["test_hang"] = { _ in
                SystemClock.sleep(milliseconds: hang)
                return 0
            }
        }
        #endif
        return methods
    }

    /// What the game object's methods share: the bridge to the live state and the checks
    /// of their arguments, each raising a Lua error that names the method.
    struct Access {
        let bridge: GameBridge

        func state(_ args: LuaArguments) throws(LuaHostError) -> UnsafeMutablePointer<GameState> {
            guard let state = bridge.state else {
                throw LuaHostError("\(args.functionName): the game is only available inside a hook")
            }
            return state
        }
        func changing(_ args: LuaArguments) throws(LuaHostError) -> UnsafeMutablePointer<GameState> {
            let s = try state(args)
            if bridge.readOnly {
                throw LuaHostError("\(args.functionName): \(bridge.hook?.rawValue ?? "this hook") computes a value and may not change the game")
            }
            return s
        }
        func cellArguments(_ args: LuaArguments, _ s: UnsafeMutablePointer<GameState>) throws(LuaHostError) -> (Int, Int) {
            let x = try args.integer(2), y = try args.integer(3)
            guard s.pointee.board.contains(x: x, y: y) else {
                throw LuaHostError("\(args.functionName): cell (\(x), \(y)) is off the \(s.pointee.board.width)×\(s.pointee.board.height) board")
            }
            return (x, y)
        }
        func row(_ args: LuaArguments, _ index: Int, _ s: UnsafeMutablePointer<GameState>) throws(LuaHostError) -> Int {
            let y = try args.integer(index)
            guard y >= 0 && y < s.pointee.board.height else {
                throw LuaHostError("\(args.functionName): row \(y) is off the board (0 to \(s.pointee.board.height - 1))")
            }
            return y
        }
        func kind(_ args: LuaArguments, _ index: Int, _ s: UnsafeMutablePointer<GameState>) throws(LuaHostError) -> Int {
            // A one-letter argument read in place (a `spawn` or `rotate` hook's `fits` passes
            // one on every call): no copy of the string.
            if let byte = args.singleByte(index), byte < 0x80,
               let kind = s.pointee.pieces.kind(forLetter: Character(Unicode.Scalar(byte))) {
                return kind
            }
            let letter = try args.string(index)
            guard letter.count == 1, let kind = s.pointee.pieces.kind(forLetter: Character(letter)) else {
                throw LuaHostError("\(args.functionName): '\(visible(letter, limit: 20))' is not a piece letter (\(letters(s)))")
            }
            return kind
        }
        /// Charges a change that rewrites whole rows to the budget (L-17).
        func chargeRows(_ args: LuaArguments, _ s: UnsafeMutablePointer<GameState>) throws(LuaHostError) {
            try args.charge(s.pointee.board.width * s.pointee.board.height / 8)
        }
        func letters(_ s: UnsafeMutablePointer<GameState>) -> String {
            s.pointee.pieces.kinds.map { String($0.letter) }.joined(separator: " ")
        }
        func letter(_ s: UnsafeMutablePointer<GameState>, _ kind: Int) -> String {
            String(s.pointee.pieces.kinds[kind].letter)
        }
        // Row masks cross into Lua as the integer with the same 64 bits: column 63 of a
        // 64-wide board is the sign bit, so a full 64-wide row is -1 (L-34).
        func mask(_ args: LuaArguments, _ index: Int, _ s: UnsafeMutablePointer<GameState>) throws(LuaHostError) -> UInt64 {
            let value = try args.integer(index)
            let bits = UInt64(bitPattern: Int64(value))
            guard bits & ~s.pointee.board.fullRow == 0 else {
                throw LuaHostError("\(args.functionName): mask \(value) has bits outside the \(s.pointee.board.width) columns")
            }
            return bits
        }

        /// The state, when the running hook may move the piece in play and one is in play.
        func inPlay(_ args: LuaArguments) throws(LuaHostError) -> UnsafeMutablePointer<GameState> {
            let s = try changing(args)
            guard let hook = bridge.hook, hook.movesPiece else {
                throw LuaHostError("\(args.functionName): only after_move, on_spawn, on_tick and on_top_out may move the piece in play, not \(bridge.hook?.rawValue ?? "this code")")
            }
            guard s.pointee.hasPiece, !s.pointee.isOver else {
                throw LuaHostError("\(args.functionName): no piece is in play")
            }
            return s
        }
        func integerField(_ args: LuaArguments, _ table: LuaTableRef, _ key: String, default value: Int) throws(LuaHostError) -> Int {
            switch table[key] {
            case .nil: return value
            case .integer(let integer): return integer
            case .number(let number) where number.isFinite && number == number.rounded() && abs(number) < 9.0e15: return Int(number)
            case let other: throw LuaHostError("\(args.functionName): \(key) must be an integer, not \(LuaRules.shown(other))")
            }
        }
    }

}

#if HANJUL_TEST_SWITCHES
/// Switches for tests of the host itself, compiled only into debug builds (the flag
/// `HANJUL_TEST_SWITCHES`, Package.swift): a release binary has neither the switch nor
/// the method. Off unless the `hanjul` binary sets them from its environment at startup,
/// before any mod loads.
public enum ModTestHooks {
    /// TEST ONLY. When > 0, mods' game objects get a `game:test_hang()` method that blocks
    /// in the host for this many milliseconds: a stand-in for a C call stuck beyond the
    /// watchdog's limit (L-24), since the sandbox leaves no real one. `hanjul` reads it
    /// from `HANJUL_TEST_HANG_MS`. Never set it in a release build's normal use.
    nonisolated(unsafe) public static var hangMilliseconds = 0
}
#endif
