import HanJulCore
import HanJulNet
import HanJulPlay
import HanJulRender
import HanJulTerminal

/// The picture of a networked match: `hanjul play --versus bot`'s two boards side by side
/// (`VersusLayout`: hold, next, the garbage meter and figures), this side's on the left,
/// drawn through a `ScreenBuffer` (only what changed is written).
struct VersusText {
    let peerName: String
    let style: RenderStyle
    private var buffer: ScreenBuffer

    init(peerName: String, environment: [String: String]) {
        self.peerName = peerName
        let (style, mode) = RenderStyle.choose(ascii: false, environment: environment)
        self.style = style
        buffer = ScreenBuffer(colorMode: mode)
    }

    /// Draw the next frame whole (after a resize).
    mutating func invalidate() { buffer.invalidate() }

    mutating func waiting(_ terminal: TerminalSession, game: Int, wins: [Int]) {
        // Plain text: the layout's box needs boards under it, and there are none yet.
        buffer.invalidate()
        try? terminal.write("\u{1B}[H\u{1B}[2J" + heading(game: game, wins: wins) + "\r\n\r\nwaiting for the peer to start game \(game)... (q leaves)")
    }

    func heading(game: Int, wins: [Int]) -> String { "YOU \(wins[0]) : \(wins[1]) PEER \(peerName)  \u{00B7}  game \(game)" }

    mutating func draw<R: Rules>(_ terminal: TerminalSession, match: NetMatch<RefereeBoards<R>>, game: Int, wins: [Int], note: String?) {
        let boards = match.boards
        let sides = [match.me, match.peer].map { side -> VersusSideView in
            let state = boards.state(side)
            let rules = boards.live.sides[side].rules
            var scene = Scene(state: state, hud: HUD(), showsGhost: side == match.me, showsHold: rules.holdEnabled,
                              rowsAbove: rules.spawnsAboveField ? Scene.spawnRows : 0, style: style)
            scene.preview = Array(scene.preview.prefix(VersusLayout.preview))
            let counters = boards.counters(side)
            return VersusSideView(title: side == match.me ? "YOU" : "PEER", scene: scene, incoming: boards.incoming(side), figures: [
                VersusFigure("PCS", "\(state.piecesLocked)"), VersusFigure("LINES", "\(state.lines)"),
                VersusFigure("ATK", "\(counters.attack)"), VersusFigure("RECV", "\(counters.received)"),
            ])
        }
        show(terminal, VersusScene(sides: sides, heading: heading(game: game, wins: wins), box: note.map { [$0] } ?? [],
                                   hint: "q leaves", style: style))
    }

    private mutating func show(_ terminal: TerminalSession, _ scene: VersusScene) {
        let size = terminal.size
        let bytes = buffer.update(to: VersusLayout.frame(for: scene, size: Size(width: size.columns, height: size.rows)))
        if !bytes.isEmpty { try? terminal.write(bytes: bytes) }
    }
}
