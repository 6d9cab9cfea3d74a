import HanJulCore

/// Everything one frame shows, filled by the app: the board and pieces, the panel's
/// figures, an overlay and the drawing style.
///
/// ```
/// let scene = Scene(state: game.state,
///                   hud: HUD(state: game.state, millisecondsPerRow: 700, elapsedSeconds: 12))
/// let frame = Layout.frame(for: scene, size: Size(width: 80, height: 24))
/// ```
public struct Scene: Equatable, Sendable {
    /// The well, with its locked cells and hidden-cell flags.
    public var board: Board
    /// The piece set the board's kinds and the preview refer to.
    public var pieces: PieceSet
    /// The piece in play, if one is drawn.
    public var piece: Piece?
    /// Whether to draw the ghost (where the piece would land).
    public var showsGhost: Bool
    /// The kinds to come, next first; kinds outside `pieces` are skipped, and at most
    /// `Scene.maxPreview` are shown.
    public var preview: [Int]
    /// The side panel's figures.
    public var hud: HUD
    /// A box over the game.
    public var overlay: Overlay
    /// Colour blocks, monochrome or ASCII.
    public var style: RenderStyle

    /// The hold slot, for rules that have one: `.some(nil)` while it is empty.
    public var hold: Int??

    /// Colours to draw each kind with instead of the piece set's own (`0xRRGGBB`, by kind
    /// index): for a 16-colour terminal, `ColorQuantization.distinctPalette16` entries, so
    /// no two kinds look alike.
    public var kindColors: [UInt32]?

    /// The game's statistics, drawn in a column left of the board (nil: no column).
    public var statistics: PlayStatistics?
    /// The callout under the statistics: one to three short lines ("QUAD", "COMBO ×2"),
    /// empty when none shows. Its room is kept either way, so it never moves anything.
    public var callout: [String] = []

    /// Rows drawn above the field, inside the board's border and left blank: where a piece
    /// (or its ghost) that is above the top row shows. 0 for rules that never put one there (the
    /// standard game); `Scene.spawnRows` for rules whose spawn may.
    public var rowsAbove = 0

    /// The rows above the field drawn for rules that can spawn a piece there: two, the
    /// height of every standard piece's spawn state.
    public static let spawnRows = 2

    /// The most preview pieces drawn.
    public static let maxPreview = 6

    /// A scene from its parts.
    public init(board: Board, pieces: PieceSet, piece: Piece?, showsGhost: Bool = true, preview: [Int] = [],
                hud: HUD = HUD(), overlay: Overlay = .none, style: RenderStyle = .color) {
        self.board = board
        self.pieces = pieces
        self.piece = piece
        self.showsGhost = showsGhost
        self.preview = preview
        self.hud = hud
        self.overlay = overlay
        self.style = style
    }

    /// A scene of `state`: its board, its piece when one is in play (`GameState.hasPiece`:
    /// not after the lock a rule ended the game at) and its ghost (while the game is on, when
    /// `showsGhost`), its queue as the preview.
    /// `showsHold` draws the hold slot (for rules with one) with `state.held`; `rowsAbove`
    /// rows above the field are drawn (`Rules.spawnsAboveField`: `Scene.spawnRows`).
    public init(state: GameState, hud: HUD, overlay: Overlay = .none, showsGhost: Bool = true, showsHold: Bool = false,
                rowsAbove: Int = 0, style: RenderStyle = .color) {
        self.init(board: state.board, pieces: state.pieces, piece: state.hasPiece ? state.piece : nil, showsGhost: showsGhost && !state.isOver,
                  preview: state.queue, hud: hud, overlay: overlay, style: style)
        if showsHold { hold = .some(state.held) }
        self.rowsAbove = rowsAbove
    }
}
