import HanJulSystem
import HanJulCommandLine
import HanJulBot
import HanJulCore
import HanJulSim
import HanJulSweep

/// `hanjul serve`'s protocol (python/README.md): one game at a time, played by requests
/// read from a channel and answered on it.
extension ServeCommand {
    /// The keys of the key-action variant, by number.
    static let keys: [(String, Action)] = [("left", .left), ("right", .right), ("rotate", .rotate),
                                           ("rotateCounterclockwise", .rotateCounterclockwise), ("rotateHalfTurn", .rotateHalfTurn),
                                           ("softDrop", .softDrop), ("hardDrop", .hardDrop), ("hold", .hold)]

    static func serve<R: Rules>(name: String, resultFormat: ResultFormat?, lockfile: [String], make: @escaping () -> R) -> ExitStatus {
        var server = Server(make: make, name: name, resultFormat: resultFormat, lockfile: lockfile)
        return server.loop()
    }

    /// Buffered binary input and output on the standard descriptors.
    struct Channel {
        /// The descriptors read and written: standard input and output, or a test's pipes.
        var inputDescriptor = STDIN_FILENO, outputDescriptor = STDOUT_FILENO
        private var input = [UInt8](repeating: 0, count: 1 << 16)
        private var start = 0, end = 0
        /// Requests and answers in memory instead of the descriptors (the serve fuzz target):
        /// the requests, then every answer written.
        private(set) var memory: (requests: [UInt8], answers: [UInt8])?

        init() {}

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

    struct Server<R: Rules> {
        let make: () -> R
        let name: String
        let resultFormat: ResultFormat?
        let lockfile: [String]
        var game: Game<R>
        var search = PlacementSearch()
        let width: Int, height: Int, preview: Int, hold: Bool
        /// Actions: (hold ? 2 : 1) × 4 rotations × width leftmost columns.
        let actionCount: Int
        /// The placement behind each allowed action (index into the search's list), -1 for none.
        var chosen: [Int]
        var channel: Channel
        var status: UInt8 = 0

        init(make: @escaping () -> R, name: String, resultFormat: ResultFormat?, lockfile: [String], channel: Channel = Channel()) {
            self.channel = channel
            self.make = make
            self.name = name
            self.resultFormat = resultFormat
            self.lockfile = lockfile
            let rules = make()
            game = Game(rules: rules, source: .seeded(0))
            width = game.state.board.width
            height = game.state.board.height
            preview = max(0, rules.previewCount)
            hold = rules.holdEnabled
            actionCount = (hold ? 2 : 1) * 4 * width
            chosen = Array(repeating: -1, count: actionCount)
        }

        var observationSize: Int { 48 + preview + 8 * height + (actionCount + 7) / 8 }

        /// What `I` answers: the rules and the sizes of everything.
        struct Info: Encodable {
            struct Result: Encodable { var name: String, unit: String }
            var rules: String, mods: [String], width: Int, height: Int, kinds: [String], preview: Int, hold: Bool
            var actions: Int, keys: [String], observationBytes: Int, hanjul: String, engine: Int, result: Result?
        }

        func info() -> [UInt8] {
            let info = Info(rules: name, mods: lockfile, width: width, height: height,
                            kinds: game.state.pieces.kinds.map { String($0.letter) }, preview: preview, hold: hold,
                            actions: actionCount, keys: ServeCommand.keys.map(\.0), observationBytes: observationSize,
                            hanjul: HanJulVersion.release, engine: HanJulVersion.engine,
                            result: resultFormat.map { Info.Result(name: $0.name, unit: $0.unit.rawValue) })
            let data = Array(((try? JSONLines.text(info)) ?? "{}").utf8)
            var bytes: [UInt8] = []
            append(&bytes, UInt32(data.count))
            return bytes + data
        }

        mutating func loop() -> ExitStatus {
            while let op = channel.read(1)?.first {
                let answer: [UInt8]
                switch op {
                case UInt8(ascii: "I"): answer = info()
                case UInt8(ascii: "R"):
                    guard let bytes = channel.read(8) else { return .usage }
                    let seed = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
                    game = Game(rules: make(), source: .seeded(seed))
                    status = 0
                    answer = observe(placed: false)
                case UInt8(ascii: "P"):
                    guard let bytes = channel.read(2) else { return .usage }
                    answer = place(Int(bytes[bytes.startIndex]) | Int(bytes[bytes.startIndex + 1]) << 8)
                case UInt8(ascii: "K"):
                    guard let bytes = channel.read(1) else { return .usage }
                    answer = press(Int(bytes[bytes.startIndex]))
                case UInt8(ascii: "G"):
                    guard let bytes = channel.read(2) else { return .usage }
                    answer = garbage(rows: Int(bytes[bytes.startIndex]), hole: Int(bytes[bytes.startIndex + 1]))
                case UInt8(ascii: "Q"): return .success
                default:
                    StandardError.write("hanjul serve: unknown request \(op); see python/README.md")
                    return .usage
                }
                guard channel.write(answer) else { return .success }
            }
            return .success
        }

        mutating func place(_ action: Int) -> [UInt8] {
            status = 0
            guard action >= 0, action < actionCount, chosen[action] >= 0, !game.state.isOver else {
                status |= 2
                return observe(placed: false)
            }
            let placement = search.placements[chosen[action]]
            let path = search.actions(of: placement)
            for step in path {
                game.apply(step)
                if game.state.isOver { break }
            }
            return observe(placed: true)
        }

        /// Pushes `rows` garbage rows (filled but for column `hole`) up from the bottom, as
        /// Mods/garbage does; a cell pushed off the top, or into the piece in play, tops out.
        mutating func garbage(rows: Int, hole: Int) -> [UInt8] {
            status = 0
            guard !game.state.isOver else { return observe(placed: false) }
            let mask = game.state.board.fullRow & ~(UInt64(1) << UInt64(max(0, min(hole, width - 1))))
            let kind = max(0, game.state.pieces.count - 1)
            var over = false
            game.withState { state in
                for _ in 0..<rows {
                    state.editBoard { board in
                        if board.pushRowFromBottom(mask: mask, kind: kind) { over = true }
                    }
                }
                if over || !state.fits(state.piece) { state.end(.toppedOut) }
            }
            return observe(placed: false)
        }

        mutating func press(_ key: Int) -> [UInt8] {
            status = 0
            guard key >= 0, key < ServeCommand.keys.count, !game.state.isOver else {
                status |= 2
                return observe(placed: false, mask: false)
            }
            game.apply(ServeCommand.keys[key].1)
            return observe(placed: false, mask: false)
        }

        /// Finds the placements allowed now and which action each is.
        mutating func findPlacements() {
            for index in chosen.indices { chosen[index] = -1 }
            guard !game.state.isOver else { return }
            do throws(RuleError) {
                let rules = game.rules.lookahead
                try search.run(.fast, in: game.state, rules: rules, from: nil, turns: nil)
                if let alternative = Bot.holdAlternative(game) {
                    try search.append(.fast, in: game.state, rules: rules, from: alternative, holds: true, turns: nil)
                }
            } catch {
                game.withState { $0.end(.ruleError(error)) }
                return
            }
            let pieces = game.state.pieces
            for (index, placement) in search.placements.enumerated() {
                let piece = placement.piece
                let column = piece.x + pieces.shape(piece.kind, piece.rotation).minX
                guard piece.rotation < 4, column >= 0, column < width else { continue }
                let action = (placement.holds ? 4 * width : 0) + piece.rotation * width + column
                // The highest landing of a rotation and column (the fast search finds one).
                if action < actionCount && chosen[action] < 0 { chosen[action] = index }
            }
        }

        func append<T: FixedWidthInteger>(_ bytes: inout [UInt8], _ value: T) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func observe(placed: Bool, mask: Bool = true) -> [UInt8] {
            if mask { findPlacements() } else { for index in chosen.indices { chosen[index] = -1 } }
            let state = game.state
            var bytes: [UInt8] = []
            bytes.reserveCapacity(observationSize)
            var flags = status
            if state.isOver { flags |= 1 }
            if case .over(.ruleError) = state.phase { flags |= 8 }
            if case .over(.finished) = state.phase { flags |= 16 }
            bytes.append(flags)
            bytes.append(state.isOver ? 255 : UInt8(truncatingIfNeeded: state.piece.kind))
            bytes.append(UInt8(truncatingIfNeeded: state.piece.rotation))
            bytes.append(UInt8(bitPattern: Int8(truncatingIfNeeded: state.piece.x)))
            bytes.append(UInt8(bitPattern: Int8(truncatingIfNeeded: state.piece.y)))
            bytes.append(state.held.map { UInt8(truncatingIfNeeded: $0) } ?? 255)
            bytes.append(state.holdUsed ? 1 : 0)
            let lock = state.lastLock
            bytes.append(UInt8(truncatingIfNeeded: lock?.lines ?? 0))
            bytes.append(lock.map { $0.spin == .none ? 0 : $0.spin == .mini ? 1 : 2 } ?? 0)
            bytes.append(lock?.backToBack == true ? 1 : 0)
            bytes.append(lock?.lastMove.map { move in UInt8(ServeCommand.keys.firstIndex { $0.1 == move } ?? 254) } ?? 255)
            bytes.append(placed ? 1 : 0)
            append(&bytes, Int64(state.score))
            append(&bytes, Int32(truncatingIfNeeded: state.lines))
            append(&bytes, Int32(truncatingIfNeeded: state.level))
            append(&bytes, Int32(truncatingIfNeeded: state.piecesLocked))
            append(&bytes, Int32(truncatingIfNeeded: lock?.combo ?? 0))
            append(&bytes, Int32(truncatingIfNeeded: state.board.filledCount))
            append(&bytes, Int64(state.elapsedMilliseconds))
            for index in 0..<preview { bytes.append(index < state.queue.count ? UInt8(truncatingIfNeeded: state.queue[index]) : 255) }
            for row in state.board.rows { append(&bytes, row) }
            var maskBytes = [UInt8](repeating: 0, count: (actionCount + 7) / 8)
            for (action, index) in chosen.enumerated() where index >= 0 { maskBytes[action >> 3] |= 1 << UInt8(action & 7) }
            bytes += maskBytes
            return bytes
        }
    }
}
