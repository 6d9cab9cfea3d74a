import HanJulSystem
import HanJulCommandLine
import HanJulBot
import HanJulCore
import HanJulSim
import HanJulSweep

/// `hanjul serve`'s protocol (python/README.md): one game at a time, played by requests
/// read from a channel and answered on it. `hanjul serve` (HanJulCommands' ServeCommand) runs it.
package enum ServeSession {
    /// The keys of the key-action variant, by number.
    static let keys: [(String, Action)] = [("left", .left), ("right", .right), ("rotate", .rotate),
                                           ("rotateCounterclockwise", .rotateCounterclockwise), ("rotateHalfTurn", .rotateHalfTurn),
                                           ("softDrop", .softDrop), ("hardDrop", .hardDrop), ("hold", .hold)]

    package static func serve<R: Rules>(name: String, resultFormat: ResultFormat?, lockfile: [String], games: Int,
                                make: @escaping () -> R) -> ExitStatus {
        var server = Server(make: make, name: name, resultFormat: resultFormat, lockfile: lockfile, games: games)
        return server.loop()
    }

    /// The protocol's version, in `I`'s `protocol` (python/README.md, "Protocol"): 2 adds
    /// it and the versus session (`--versus`); answers without it are version 1.
    static let protocolVersion = 2

    /// What `I` answers: the rules and the sizes of everything.
    struct Info: Encodable {
        struct Result: Encodable { var name: String, unit: String }
        /// A kind of piece: its letter, colour (`#rrggbb`) and the cells (x, y) of each rotation state.
        struct Kind: Encodable { var letter: String, color: String, rotations: [[[Int]]] }
        /// A versus session's referee: how garbage arrives, and the size of its answers.
        struct Versus: Encodable {
            var delay: Int, messiness: Double, cap: Int, cancels: Bool
            var dealing: String, answerBytes: Int
        }
        var `protocol`: Int
        var rules: String, mods: [String], width: Int, height: Int, kinds: [String], preview: Int, hold: Bool
        var actions: Int, keys: [String], observationBytes: Int, hanjul: String, engine: Int, result: Result?
        var games: Int, pieces: [Kind]
        var versus: Versus?
    }

    /// `I`'s answer for games like `first`: u32 length, then the JSON.
    static func info<R: Rules>(of first: ServeGame<R>, name: String, resultFormat: ResultFormat?, lockfile: [String], games: Int,
                               versus: Info.Versus? = nil) -> [UInt8] {
        let kinds = first.game.state.pieces.kinds
        let hex = Array("0123456789abcdef")
        let pieces = kinds.map { kind in
            Info.Kind(letter: String(kind.letter),
                      color: "#" + String((0..<6).map { hex[Int(kind.color >> UInt32(20 - 4 * $0)) & 15] }),
                      rotations: kind.rotations.map { $0.map { [$0.x, $0.y] } })
        }
        let info = Info(protocol: protocolVersion, rules: name, mods: lockfile, width: first.width, height: first.height,
                        kinds: kinds.map { String($0.letter) }, preview: first.preview, hold: first.game.rules.holdEnabled,
                        actions: first.actionCount, keys: ServeSession.keys.map(\.0), observationBytes: first.observationSize,
                        hanjul: HanJulVersion.release, engine: HanJulVersion.engine,
                        result: resultFormat.map { Info.Result(name: $0.name, unit: $0.unit.rawValue) },
                        games: games, pieces: pieces, versus: versus)
        let data = Array(((try? JSONLines.text(info)) ?? "{}").utf8)
        var bytes: [UInt8] = []
        append(&bytes, UInt32(data.count))
        return bytes + data
    }

    /// Buffered binary input and output on the standard descriptors.
    package struct Channel {
        /// The descriptors read and written: standard input and output, or a test's pipes.
        var inputDescriptor = FileDescriptor.standardInput.rawValue, outputDescriptor = FileDescriptor.standardOutput.rawValue
        private var input = [UInt8](repeating: 0, count: 1 << 16)
        private var start = 0, end = 0
        /// Requests and answers in memory instead of the descriptors (the serve fuzz target):
        /// the requests, then every answer written.
        private(set) var memory: (requests: [UInt8], answers: [UInt8])?

        package init() {}

        /// A channel over `requests` in memory; the answers are kept in `memory`.
        init(requests: [UInt8]) { memory = (requests, []) }

        /// The next `count` bytes, or nil at the end of input.
        mutating func read(_ count: Int) -> ArraySlice<UInt8>? {
            if let memory {
                guard memory.requests.count - start >= count else { return nil }
                defer { start += count }
                return memory.requests[start..<(start + count)]
            }
            while end - start < count {
                if start > 0 {
                    input.replaceSubrange(0..<(end - start), with: input[start..<end])
                    end -= start
                    start = 0
                }
                guard let n = try? FileDescriptor(rawValue: inputDescriptor).read(into: &input, from: end), n > 0 else { return nil }
                end += n
            }
            defer { start += count }
            return input[start..<(start + count)]
        }

        /// Writes all of `bytes`; false when the reader went away.
        mutating func write(_ bytes: [UInt8]) -> Bool {
            if memory != nil {
                memory?.answers += bytes
                return true
            }
            return (try? FileDescriptor(rawValue: outputDescriptor).writeAll(bytes)) != nil
        }
    }

    package struct Server<R: Rules> {
        let make: () -> R
        let name: String
        let resultFormat: ResultFormat?
        let lockfile: [String]
        /// The games served: `R`, `P`, `K`, `T` and `G` play the first, `B` all of them.
        var games: [ServeGame<R>]
        var channel: Channel

        package init(make: @escaping () -> R, name: String, resultFormat: ResultFormat?, lockfile: [String], channel: Channel = Channel(),
             games: Int = 1) {
            self.channel = channel
            self.make = make
            self.name = name
            self.resultFormat = resultFormat
            self.lockfile = lockfile
            self.games = (0..<max(1, games)).map { _ in ServeGame(rules: make()) }
        }

        var observationSize: Int { games[0].observationSize }

        func info() -> [UInt8] {
            ServeSession.info(of: games[0], name: name, resultFormat: resultFormat, lockfile: lockfile, games: games.count)
        }

        /// A little-endian number from `bytes`.
        static func number(_ bytes: ArraySlice<UInt8>) -> UInt64 {
            bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        }

        package mutating func loop() -> ExitStatus {
            while let op = channel.read(1)?.first {
                let answer: [UInt8]
                switch op {
                case UInt8(ascii: "I"): answer = info()
                case UInt8(ascii: "R"):
                    guard let bytes = channel.read(8) else { return .usage }
                    answer = games[0].reset(rules: make(), seed: Self.number(bytes))
                case UInt8(ascii: "P"):
                    guard let bytes = channel.read(2) else { return .usage }
                    answer = games[0].place(Int(Self.number(bytes)))
                case UInt8(ascii: "K"):
                    guard let bytes = channel.read(1) else { return .usage }
                    answer = games[0].press(Int(bytes[bytes.startIndex]))
                case UInt8(ascii: "T"):
                    guard let bytes = channel.read(5) else { return .usage }
                    answer = games[0].pressThenPass(Int(bytes[bytes.startIndex]), milliseconds: Int(Self.number(bytes.dropFirst())))
                case UInt8(ascii: "G"):
                    guard let bytes = channel.read(2) else { return .usage }
                    answer = games[0].garbage(rows: Int(bytes[bytes.startIndex]), hole: Int(bytes[bytes.startIndex + 1]))
                case UInt8(ascii: "B"):
                    guard let bytes = channel.read(9 * games.count) else { return .usage }
                    guard let batch = batch(bytes) else { return .usage }
                    answer = batch
                case UInt8(ascii: "Q"): return .success
                default:
                    StandardError.write("hanjul serve: unknown request \(op); see python/README.md")
                    return .usage
                }
                guard channel.write(answer) else { return .success }
            }
            return .success
        }

        /// `B`: one request of 9 bytes per game (an op, then a u64), one observation per
        /// game; nil (a usage error) for an unknown op.
        mutating func batch(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
            var answer: [UInt8] = []
            answer.reserveCapacity(games.count * observationSize)
            for index in games.indices {
                let at = bytes.startIndex + 9 * index
                let argument = Self.number(bytes[(at + 1)..<(at + 9)])
                let small = Int(min(argument, UInt64(Int32.max)))
                switch bytes[at] {
                case UInt8(ascii: "R"): answer += games[index].reset(rules: make(), seed: argument)
                case UInt8(ascii: "P"): answer += games[index].place(small)
                case UInt8(ascii: "K"): answer += games[index].press(small)
                case UInt8(ascii: "T"):
                    answer += games[index].pressThenPass(Int(argument & 0xFFFF), milliseconds: Int(min(argument >> 16, UInt64(Int32.max))))
                case UInt8(ascii: "O"): games[index].observe(into: &answer, placed: false)
                default:
                    StandardError.write("hanjul serve: unknown op \(bytes[at]) for game \(index) in a B request; see python/README.md")
                    return nil
                }
            }
            return answer
        }
    }
}
