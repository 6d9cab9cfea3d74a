import HanJulBot
import HanJulCore
import HanJulCodec
import HanJulNet

/// HanJul's bot as a TBP bot (`hanjul bot --tbp`): it reads the front end's messages, one
/// JSON object a line, and answers on its output. It sends `info` first; answers `rules`
/// with `ready` (or `error` `unsupported_rules` when HanJul's extension names other rules
/// than its own); keeps the position `start` gave, following `play` and `new_piece` through
/// the engine under its rules; answers `suggest` with the move its bot would play; stops
/// calculating on `stop` and ends on `quit` or the end of its input.
///
/// What the front end gets wrong (junk, a move the rules cannot play, a `suggest` before
/// `start`) is written to `diagnose` as one line, and the bot goes on.
public struct TBPBot<R: Rules> {
    public let rules: R
    public private(set) var bot: Bot
    let codec: TBPCodec
    private var position: Position?
    private var search = PlacementSearch()

    /// Where the front end put the game: the board, the hold, the kinds to come (the piece
    /// in play first), the combo and back-to-back.
    struct Position {
        var board: Board
        var held: Int?
        var queue: [Int]
        var combo: Int
        var backToBack: Bool
    }

    public init(rules: R, bot: BotConfig) {
        self.rules = rules
        self.bot = Bot(bot, seed: 0)
        codec = TBPCodec(pieces: rules.pieces, height: rules.boardHeight)
    }

    /// Why these rules cannot be played over TBP, or nil.
    public var unsupported: String? { codec.unsupported(width: rules.boardWidth) }

    /// The `info` message.
    public var info: JSON {
        .object([
            .init("type", .string("info")), .init("name", .string("HanJul (\(bot.config.kind.rawValue))")),
            .init("version", .string(HanJulVersion.release)), .init("author", .string("HanJul")), .init("features", .array([])),
        ])
    }

    /// Answers one message; returns the replies (none for most) and whether to stop.
    public mutating func answer(_ line: [UInt8], diagnose: (String) -> Void) -> (replies: [JSON], quit: Bool) {
        guard !line.isEmpty else { return ([], false) }
        guard let message = try? JSON.parse(line), case .object = message, let type = message["type"]?.stringValue else {
            diagnose("not a TBP message (a JSON object with a \"type\"): \(TBPError.quoted(String(decoding: line, as: UTF8.self)))")
            return ([], false)
        }
        switch type {
        case "rules":
            let own = VersusHello.rulesHash(mods: rules.identity.mods.map(\.sha256))
            if let theirs = message["hanjul"]?["rules_hash"]?.stringValue, theirs != own {
                let named = message["hanjul"]?["rules"]?.stringValue ?? "?"
                diagnose("the front end plays \(TBPError.quoted(named)) (hash \(TBPError.quoted(theirs))); this bot plays \(rules.identity.name) "
                         + "(hash \(TBPError.quoted(own))): start it with the same --mod options")
                return ([.object([.init("type", .string("error")), .init("reason", .string("unsupported_rules"))])], false)
            }
            bot.reset(seed: 0)
            return ([.object([.init("type", .string("ready"))])], false)
        case "start":
            switch start(message) {
            case .success(let started): position = started
            case .failure(let error):
                position = nil
                diagnose("start: \(error.message)")
            }
        case "stop":
            position = nil
        case "suggest":
            guard position?.queue.isEmpty == false else {
                diagnose(position == nil ? "suggest before start: no position to suggest a move for" : "suggest with no piece to play (a new_piece was due)")
                return ([suggestion([])], false)
            }
            return ([suggestion(suggest(diagnose: diagnose))], false)
        case "play":
            guard position != nil else {
                diagnose("play before start: no position to play on")
                return ([], false)
            }
            if let why = play(message["move"] ?? .null) {
                diagnose("play: \(why); waiting for a new start")
                position = nil
            }
        case "new_piece":
            guard let letter = message["piece"]?.stringValue, let kind = codec.kind(letter) else {
                diagnose("new_piece: not a piece of these rules: \(TBPError.quoted(message["piece"]?.stringValue ?? "(none)"))")
                return ([], false)
            }
            position?.queue.append(kind)
        case "quit":
            return ([], true)
        default:
            break  // the spec: messages of unknown types are ignored
        }
        return ([], false)
    }

    private func suggestion(_ moves: [JSON]) -> JSON {
        .object([.init("type", .string("suggestion")), .init("moves", .array(moves))])
    }

    private func start(_ message: JSON) -> Result<Position, TBPError> {
        guard case .array(let names)? = message["queue"], !names.isEmpty else { return .failure(TBPError("no queue (the piece in play first)")) }
        var queue: [Int] = []
        for name in names {
            guard let kind = name.stringValue.flatMap(codec.kind) else { return .failure(TBPError("a queue piece these rules do not deal")) }
            queue.append(kind)
        }
        var held: Int?
        if let hold = message["hold"], hold != .null {
            guard let kind = hold.stringValue.flatMap(codec.kind) else { return .failure(TBPError("a hold piece these rules do not deal")) }
            held = kind
        }
        let combo = message["combo"]?.integerValue ?? 0
        guard (0...1_000_000).contains(combo) else { return .failure(TBPError("a combo that is not a count")) }
        let board: Board
        switch codec.board(message["board"], width: rules.boardWidth) {
        case .success(let found): board = found
        case .failure(let error): return .failure(error)
        }
        return .success(Position(board: board, held: held, queue: queue, combo: Int(combo),
                                 backToBack: message["back_to_back"] == .bool(true)))
    }

    /// A game at the position, its piece in play at the rules' spawn place.
    private func game(_ position: Position) -> Game<R> {
        var game = Game(rules: rules, source: .seeded(0))
        game.withState { state in
            state.editBoard { $0 = position.board }
            state.setPosition(piece: rules.spawnPiece(kind: position.queue[0], state: state), queue: Array(position.queue.dropFirst()),
                              held: position.held, combo: position.combo, backToBackReady: position.backToBack)
        }
        // Under instant gravity the piece falls to rest at once, as it enters in a game.
        return Game(rules: rules, reloading: game.state)
    }

    private mutating func suggest(diagnose: (String) -> Void) -> [JSON] {
        let game = game(position!)
        do {
            guard let placement = try bot.choose(game) else { return [] }
            var copy = game
            copy.apply(bot.search.actions(of: placement))
            return [codec.move(placement.piece, spin: copy.state.lastLock?.spin ?? Spin.none)]
        } catch {
            diagnose("suggest: \(error)")
            return []
        }
    }

    /// Plays `move` on the position through the engine; why it could not, or nil.
    private mutating func play(_ move: JSON) -> String? {
        let piece: Piece
        switch codec.piece(at: move["location"] ?? .null) {
        case .success(let found): piece = found
        case .failure(let error): return error.message
        }
        guard let before = position, !before.queue.isEmpty else { return "no piece in play (a new_piece was due)" }
        var game = game(before)
        do {
            try search.run(.full, in: game.state, rules: rules.lookahead)
            if let alternative = Bot.holdAlternative(game) {
                try search.append(.full, in: game.state, rules: rules.lookahead, from: alternative, holds: true)
            }
        } catch {
            return "the rules failed: \(error)"
        }
        guard let placement = Bot.placement(covering: piece, among: search.placements, pieces: rules.pieces) else {
            return "the rules cannot play \((try? move.serializedString()) ?? "?") from this position"
        }
        let locked = game.state.piecesLocked
        for action in search.actions(of: placement) {
            game.apply(action)
            if game.state.piecesLocked != locked { break }
        }
        guard game.state.piecesLocked == locked + 1 else { return "the move did not lock one piece" }
        var queue = before.queue
        queue.removeFirst(piece.kind == queue[0] || before.held != nil ? 1 : min(2, queue.count))
        position = Position(board: game.state.board, held: game.state.held, queue: queue,
                            combo: game.state.combo, backToBack: game.state.backToBackReady)
        return nil
    }
}
