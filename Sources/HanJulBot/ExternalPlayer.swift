import HanJulCore
import Synchronization

/// A player outside HanJul (a TBP bot, `HanJulTBP.TBPHost`): told the game, it names where
/// the piece in play should lock, most preferred first. The bot plays the first of them the
/// rules can reach (`Bot.choose`); it checks every answer, so the player may be anything.
public protocol ExternalPlayer: AnyObject {
    /// A new game begins: whatever the player was working on is void.
    func newGame()
    /// Where the player would lock the piece in play on `state` (or, when the kind differs,
    /// the piece a hold brings in), most preferred first; empty: it forfeits.
    /// - Throws: what it did wrong, in one line that names it (silence, junk, a flood).
    func suggest(_ state: GameState, rules: RulesIdentity, holdEnabled: Bool) throws(RuleError) -> [Piece]
    /// The suggestion that was played (an index into the latest `suggest`'s answer).
    func took(_ index: Int)
    /// The player's name for messages (`tbp bot 'COMMAND'`).
    var name: String { get }
    /// The latest answer's move `index` as the player wrote it, for messages.
    func text(ofMove index: Int) -> String
}

/// How `BotKind.tbp` bots are made: the command line tool connects the TBP host here once,
/// at start (HanJulBot runs no processes itself).
public enum ExternalPlayers {
    public typealias Factory = @Sendable (_ command: String) -> any ExternalPlayer
    private static let factory = Mutex<Factory?>(nil)

    /// Makes every later `tbp` bot with `make`.
    public static func connect(_ make: @escaping Factory) {
        factory.withLock { $0 = make }
    }

    static func make(_ command: String) -> (any ExternalPlayer)? {
        factory.withLock { $0 }?(command)
    }
}

extension Bot {
    /// The placement the external player names first among those the search found (one
    /// covering the same cells, of the same kind); nil when it forfeits.
    /// - Throws: when nothing it named is reachable, naming the player and its first move.
    static func externalChoice<R: Rules>(_ player: any ExternalPlayer, from placements: PlacementList,
                                   in game: Game<R>) throws(RuleError) -> Placement? {
        let pieces = game.state.pieces
        let moves = try player.suggest(game.state, rules: game.rules.identity, holdEnabled: game.rules.holdEnabled)
        guard !moves.isEmpty else { return nil }
        for (index, move) in moves.enumerated() {
            if let placement = placement(covering: move, among: placements, pieces: pieces) {
                player.took(index)
                return placement
            }
        }
        throw RuleError(hook: player.name, message: "suggested \(moves.count) move\(moves.count == 1 ? "" : "s"), none of which the rules can play "
                        + "from this position (the first: \(player.text(ofMove: 0))); it forfeits")
    }

    /// The placement among `placements` that locks a piece of `piece`'s kind on the cells
    /// `piece` covers (whatever its rotation state: an O's are all one), or nil.
    public static func placement(covering piece: Piece, among placements: PlacementList, pieces: PieceSet) -> Placement? {
        guard piece.kind >= 0, piece.kind < pieces.count, piece.rotation >= 0, piece.rotation < pieces.rotationCount(of: piece.kind),
              Piece.isNearBoard(x: piece.x, y: piece.y) else { return nil }
        func cells(_ piece: Piece) -> [Int] { pieces.cells(of: piece).map { $0.y &* 4096 &+ $0.x }.sorted() }
        let wanted = cells(piece)
        return placements.first { $0.piece.kind == piece.kind && cells($0.piece) == wanted }
    }
}
