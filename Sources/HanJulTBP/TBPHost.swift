import HanJulBot
import HanJulCore
import HanJulCodec
import HanJulSystem

/// HanJul as a TBP front end: a `tbp:COMMAND` bot (`BotKind.tbp`) is this, one process per
/// bot (per worker of a sim). It sends `rules` (with HanJul's extension), `start`, `suggest`,
/// and after a suggestion was played `play` and `new_piece` (or `stop` and a new `start`
/// when the position is not the one the bot can work out: garbage came in, a new game).
///
/// Every reply is checked and bounded: each must come within `replyMilliseconds`, be a line
/// of at most `lineLimit` bytes of JSON, within `linesPerReply` lines; a move must be one the
/// rules can play. A bot that breaks any of this is stopped, and the game ends with one line
/// that names it and says what it did (`RuleError`, hook `tbp bot 'COMMAND'`); the next game
/// starts it again. A bot that failed to start (no process, no `info` or `ready` in time) is
/// not started again: every later game ends at once with the same line, so a thousand games
/// of a bot that never answers take seconds, not a thousand timeouts.
public final class TBPHost: ExternalPlayer {
    public let command: String
    public let replyMilliseconds: Int
    public static let lineLimit = 1 << 20
    public static let linesPerReply = 10_000

    private var process: ChildProcess?
    /// Why the bot could not be started, once it could not.
    private var startFailure: String?
    private var calculating = false
    /// The kinds the bot was told are coming (the piece in play first).
    private var told: [Int] = []
    /// The latest suggestion: the position, its moves as written and as pieces.
    private var asked: GameState?
    private var moves: [JSON] = []
    private var pieces: [Piece] = []
    /// What the position will be after the move that was taken, when the bot can follow it.
    private var expected: (board: Board, held: Int?, told: [Int], move: JSON)?

    public init(command: String, replyMilliseconds: Int = 10_000) {
        self.command = command
        self.replyMilliseconds = replyMilliseconds
    }

    deinit { quit() }

    public var name: String { "tbp bot " + TBPError.quoted(command) }

    public func text(ofMove index: Int) -> String {
        guard moves.indices.contains(index), let text = try? moves[index].serializedString() else { return "?" }
        return TBPError.quoted(text).dropFirst().dropLast().description
    }

    public func newGame() {
        if calculating { try? send(.object([.init("type", .string("stop"))])) }
        calculating = false
        expected = nil
    }

    public func took(_ index: Int) {
        guard let state = asked, pieces.indices.contains(index) else { return }
        let piece = pieces[index]
        var board = state.board
        board.place(piece, in: state.pieces)
        _ = board.clearFullRows()
        var held = state.held, rest = told
        guard !rest.isEmpty else { return }
        if piece.kind == rest.first {
            rest.removeFirst()
        } else {
            held = rest.first
            rest.removeFirst(state.held == nil ? min(2, rest.count) : 1)
        }
        expected = (board, held, rest, moves[index])
    }

    public func suggest(_ state: GameState, rules: RulesIdentity, holdEnabled: Bool) throws(RuleError) -> [Piece] {
        let codec = TBPCodec(pieces: state.pieces, height: state.board.height)
        if let why = codec.unsupported(width: state.board.width) { throw RuleError(hook: name, message: why) }
        do throws(TBPError) {
            if let startFailure { throw TBPError(startFailure + " (not started again)") }
            if process == nil {
                do throws(TBPError) {
                    try launch(codec.rules(rules, width: state.board.width, holdEnabled: holdEnabled, previews: state.queue.count))
                } catch {
                    startFailure = error.message
                    throw error
                }
            }
            let visible = [state.piece.kind] + state.queue
            if calculating, let expected, expected.board == state.board, expected.held == state.held,
               visible.starts(with: expected.told) {
                try send(.object([.init("type", .string("play")), .init("move", expected.move)]))
                for kind in visible.dropFirst(expected.told.count) {
                    try send(.object([.init("type", .string("new_piece")), .init("piece", .string(codec.letter(kind)))]))
                }
            } else {
                if calculating { try send(.object([.init("type", .string("stop"))])) }
                try send(.object([
                    .init("type", .string("start")),
                    .init("hold", state.held.map { .string(codec.letter($0)) } ?? .null),
                    .init("queue", .array(visible.map { .string(codec.letter($0)) })),
                    .init("combo", .integer(Int64(state.combo))),
                    .init("back_to_back", .bool(state.backToBackReady)),
                    .init("board", codec.cells(of: state.board)),
                ]))
                calculating = true
            }
            told = visible
            expected = nil
            asked = state
            try send(.object([.init("type", .string("suggest"))]))
            let reply = try receive("suggestion")
            guard case .array(let list)? = reply["moves"] else { throw TBPError("sent a suggestion without a list of \"moves\"") }
            moves = list
            // A move that names no piece HanJul can place is kept as a kind -1 (never played).
            pieces = list.map { move in
                (try? codec.piece(at: move["location"] ?? .null).get()) ?? Piece(kind: -1, rotation: 0, x: 0, y: 0)
            }
            return pieces
        } catch {
            quit()
            throw RuleError(hook: name, message: error.message)
        }
    }

    /// Starts the bot: waits for its `info`, tells it the rules, waits for `ready`.
    private func launch(_ rules: JSON) throws(TBPError) {
        do {
            process = try ChildProcess.shell(command)
        } catch {
            throw TBPError("could not be started: \(error)")
        }
        calculating = false
        _ = try receive("info")
        try send(rules)
        _ = try receive("ready")
    }

    /// Ends the bot: `quit`, then the process is stopped and reaped.
    private func quit() {
        if let process {
            _ = try? process.write(Array(#"{"type":"quit"}"#.utf8) + [10], within: 100)
            process.end()
        }
        process = nil
        calculating = false
        expected = nil
    }

    private func send(_ message: JSON) throws(TBPError) {
        guard let process else { throw TBPError("is not running") }
        let bytes: [UInt8]
        do { bytes = try message.serialized() + [10] } catch { throw TBPError("a message HanJul could not write: \(error)") }
        let went: Bool
        do { went = try process.write(bytes, within: replyMilliseconds) } catch {
            throw TBPError("stopped reading its input (\(error))\(exitNote())")
        }
        guard went else { throw TBPError("read nothing of its input for \(seconds) s") }
    }

    /// The next message of `type`, skipping messages of types TBP does not know here (the
    /// spec says to ignore them), within the reply time and line count.
    private func receive(_ type: String) throws(TBPError) -> JSON {
        guard let process else { throw TBPError("is not running") }
        var count = 0
        let deadline = SystemClock.monotonic.milliseconds() + UInt64(replyMilliseconds)
        while true {
            let now = SystemClock.monotonic.milliseconds()
            let line: LineReader.Line
            do { line = try process.output.next(within: Int(deadline > now ? deadline - now : 0), limit: Self.lineLimit) } catch {
                throw TBPError("could not be read (\(error))")
            }
            switch line {
            case .timedOut: throw TBPError("sent no \(type) within \(seconds) s")
            case .closed: throw TBPError("closed its output before sending \(type)\(exitNote())")
            case .tooLong: throw TBPError("sent a line longer than \(Self.lineLimit / 1024) KiB while HanJul waited for \(type)")
            case .line(let bytes):
                count += 1
                if bytes.isEmpty { continue }
                let text = String(decoding: bytes, as: UTF8.self)
                guard let message = try? JSON.parse(bytes), case .object = message, let kind = message["type"]?.stringValue else {
                    throw TBPError("sent junk while HanJul waited for \(type): \(TBPError.quoted(text)) is not a TBP message (a JSON object with a \"type\")")
                }
                if kind == type { return message }
                if kind == "error" {
                    throw TBPError("answered error \(TBPError.quoted(message["reason"]?.stringValue ?? "")) while HanJul waited for \(type)")
                }
                guard count < Self.linesPerReply else {
                    throw TBPError("flooded HanJul with \(count) lines without a \(type)")
                }
            }
        }
    }

    private var seconds: String {
        replyMilliseconds % 1000 == 0 ? String(replyMilliseconds / 1000) : String(Double(replyMilliseconds) / 1000)
    }

    private func exitNote() -> String {
        guard let process else { return "" }
        for _ in 0..<20 {
            if let status = process.exitStatus() { return " (it exited with status \(status))" }
            SystemClock.sleep(milliseconds: 5)
        }
        return ""
    }
}
