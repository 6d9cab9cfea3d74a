import HanJulCore
import HanJulCommandLine

/// `hanjul serve --versus` (python/README.md, "Versus session"): one match at a time, two
/// boards under one `VersusReferee`, played a step at a time by a program (the PettingZoo
/// environment). Both players are dealt the same pieces and holes (`VersusDealing.shared`);
/// the mods' `attack` and `garbage` decide what a lock sends and how it arrives.
///
/// A step (`V`) is simultaneous: each player's placement is played on its own board, and the
/// attacks both sent join the receivers' queues only after both played (announced delivery,
/// accepted at the step's end), so neither player's step sees the other's attack of the
/// same step. When both players' games end in one step, the match is a draw.
extension ServeSession {
    package struct VersusServer<R: Rules> {
        let make: () throws -> VersusRules<R>
        let name: String, resultFormat: ResultFormat?, lockfile: [String]
        var referee: VersusReferee<R>
        /// When player 0's game ended in a step, player 1 played that step in this copy of the
        /// match from before it (player 0's end cannot reach it within the step): whether it
        /// ended too decides a draw, and its board is what player 1 is answered.
        var second: VersusReferee<R>?
        /// Each player's game as the protocol shows it: its placements and observation.
        var boards: [ServeGame<R>]
        var outcome: VersusOutcome?
        var channel: Channel

        /// A session under `first` (both players' rules, loaded once up front); each `R`
        /// makes fresh rules for each player with `make`.
        package init(first: VersusRules<R>, make: @escaping () throws -> VersusRules<R>, name: String, resultFormat: ResultFormat?,
             lockfile: [String], channel: Channel = Channel()) {
            self.make = make
            self.name = name
            self.resultFormat = resultFormat
            self.lockfile = lockfile
            self.channel = channel
            // Each player its own rules (a mod's Lua state is one game's).
            referee = Self.match([first, (try? make()) ?? first], seed: 0)
            boards = [ServeGame(rules: first.rules), ServeGame(rules: first.rules)]
        }

        static func match(_ sides: [VersusRules<R>], seed: UInt64) -> VersusReferee<R> {
            VersusReferee(sides: sides, seed: seed, schedules: [.paced, .paced], delivery: .announced, dealing: .shared)
        }

        /// The bytes of each answer to `R` and `V`: the outcome, then per player four i64
        /// counters and its observation.
        var answerBytes: Int { 1 + 2 * (32 + boards[0].observationSize) }

        func info() -> [UInt8] {
            let garbage = referee.sides[0].garbage
            let versus = Info.Versus(delay: garbage.delay, messiness: garbage.messiness, cap: garbage.cap, cancels: garbage.cancels,
                                     dealing: "shared", answerBytes: answerBytes)
            return ServeSession.info(of: boards[0], name: name, resultFormat: resultFormat, lockfile: lockfile, games: 1, versus: versus)
        }

        /// `R`: a new match from `seed`, each player under fresh rules.
        mutating func reset(seed: UInt64) -> [UInt8] {
            second = nil
            outcome = nil
            do { referee = Self.match([try make(), try make()], seed: seed) } catch {
                outcome = .error("the rules did not load: \(error)")
            }
            return answer(placed: [false, false], refused: [false, false])
        }

        /// `V`: each player plays its placement action (refused, and nothing played, when the
        /// rules do not allow it now, as `P`); then the attacks sent join the queues.
        mutating func step(_ actions: [Int]) -> [UInt8] {
            guard outcome == nil else { return answer(placed: [false, false], refused: [true, true]) }
            let paths = (0..<2).map { boards[$0].path(of: actions[$0]) }
            let before = referee
            for side in 0..<2 {
                guard let path = paths[side] else { continue }
                if side == 1, referee.outcome != nil {
                    var copy = before
                    copy.untimed(side: 1) { game, _ in ServeGame<R>.play(path, on: &game) }
                    second = copy
                } else {
                    referee.untimed(side: side) { game, _ in ServeGame<R>.play(path, on: &game) }
                }
            }
            switch referee.outcome {
            case nil:
                for side in 0..<2 {
                    while referee.accept(side: side, at: referee.games[side].clock) != nil {}
                }
            case .won(side: 1)? where second != nil:
                switch second?.outcome {
                case .won(side: 0)?: outcome = .draw
                case .error(let text)?: outcome = .error(text)
                default: outcome = .won(side: 1)
                }
            case let ended?: outcome = ended
            }
            return answer(placed: paths.map { $0 != nil }, refused: paths.map { $0 == nil })
        }

        /// The outcome (0 playing, 1 player 0 won, 2 player 1 won, 3 a draw, 4 an error: `E`
        /// has its text), then each player's counters and observation.
        mutating func answer(placed: [Bool], refused: [Bool]) -> [UInt8] {
            var players: [UInt8] = []
            players.reserveCapacity(answerBytes)
            for side in 0..<2 {
                let shown = side == 1 ? second ?? referee : referee
                boards[side].game = shown.game(side)
                boards[side].status = refused[side] ? 2 : 0
                let counters = shown.counters[side]
                for count in [counters.attack, counters.cancelled, counters.received, shown.incoming(side)] {
                    ServeSession.append(&players, Int64(count))
                }
                boards[side].observe(into: &players, placed: placed[side])
                // The mask's search may fail under a mod's rules: that ends the match as the referee's errors do.
                if outcome == nil, case .over(.ruleError(let error)) = boards[side].game.state.phase {
                    outcome = .error(error.description)
                    referee.end(.error(error.description))
                }
            }
            let code: UInt8 = switch outcome {
            case nil: 0
            case .won(let side)?: side == 0 ? 1 : 2
            case .draw?: 3
            case .error?: 4
            }
            return [code] + players
        }

        /// `E`: u32 length, then the text of the error that ended the match (empty when none).
        func errorText() -> [UInt8] {
            var text: [UInt8] = []
            if case .error(let message)? = outcome { text = Array(String(message.prefix(4000)).utf8) }
            var bytes: [UInt8] = []
            ServeSession.append(&bytes, UInt32(text.count))
            return bytes + text
        }

        /// The `count` bytes of `op`'s argument; nil (after saying so) when input ends first.
        mutating func argument(_ op: UInt8, _ count: Int, _ what: String) -> ArraySlice<UInt8>? {
            if let bytes = channel.read(count) { return bytes }
            StandardError.write("hanjul serve --versus: request \(Character(Unicode.Scalar(op))) cut short: it takes \(what) (\(count) bytes)")
            return nil
        }

        package mutating func loop() -> ExitStatus {
            while let op = channel.read(1)?.first {
                let answer: [UInt8]
                switch op {
                case UInt8(ascii: "I"): answer = info()
                case UInt8(ascii: "R"):
                    guard let bytes = argument(op, 8, "a u64 seed") else { return .usage }
                    answer = reset(seed: Server<R>.number(bytes))
                case UInt8(ascii: "V"):
                    guard let bytes = argument(op, 4, "two u16 placement actions, player 0's then player 1's") else { return .usage }
                    answer = step([Int(Server<R>.number(bytes.prefix(2))), Int(Server<R>.number(bytes.dropFirst(2)))])
                case UInt8(ascii: "E"): answer = errorText()
                case UInt8(ascii: "Q"): return .success
                case UInt8(ascii: "P"), UInt8(ascii: "K"), UInt8(ascii: "T"), UInt8(ascii: "G"), UInt8(ascii: "B"):
                    StandardError.write("hanjul serve --versus: request \(Character(Unicode.Scalar(op))) plays a single game; "
                        + "a versus session takes I, R, V, E and Q (python/README.md, \"Versus session\")")
                    return .usage
                default:
                    StandardError.write("hanjul serve --versus: unknown request byte \(op); a versus session takes I, R, V, E and Q "
                        + "(python/README.md, \"Versus session\")")
                    return .usage
                }
                guard channel.write(answer) else { return .success }
            }
            return .success
        }
    }
}
