import HanJulCore
import HanJulMods
import Testing

/// Finesse (issue 21 item 2), checked against the engine itself: every placement of every
/// piece on an empty board, reached by a breadth-first walk of presses played through
/// `Game.apply` (not the search `Finesse` uses), scores 0 faults along the fewest presses and
/// exactly 1 along one press more, under the standard rules and under Mods/guideline (SRS
/// kicks both ways, lock delay, a spawn above the field).
@Suite("finesse")
struct FinesseTests {
    enum Press: CaseIterable {
        case tapLeft, tapRight, dasLeft, dasRight, clockwise, counterclockwise, halfTurn, softDrop
    }

    /// Plays one press on `game` through the engine; false when the rules have no such
    /// press or it changes nothing.
    static func play<R: Rules>(_ press: Press, on game: inout Game<R>, tracker: inout FinesseTracker?) -> Bool {
        let before = game.state.piece
        func act(_ action: Action) {
            game.apply(action)
            tracker?.note(action, game: game)
        }
        switch press {
        case .tapLeft: act(.left)
        case .tapRight: act(.right)
        case .dasLeft, .dasRight:
            let action: Action = press == .dasLeft ? .left : .right
            var last = game.state.piece
            for _ in 0..<64 {
                act(action)
                if game.state.piece == last { break }
                last = game.state.piece
            }
        case .clockwise: act(.rotate)
        case .counterclockwise:
            guard game.rules.allowsCounterclockwise else { return false }
            act(.rotateCounterclockwise)
        case .halfTurn:
            guard game.rules.allowsHalfTurn else { return false }
            act(.rotateHalfTurn)
        case .softDrop:
            var rows = 0
            while game.state.fits(game.state.piece.offset(0, 1)) && rows < 64 {
                act(.softDrop)
                rows += 1
            }
        }
        return game.state.piece != before && game.state.piecesLocked == 0
    }

    /// The cells a hard drop from here covers.
    static func landing<R: Rules>(_ game: Game<R>) -> Set<Cell> {
        let state = game.state
        return Set(state.pieces.cells(of: state.piece.offset(0, state.board.dropDistance(of: state.piece, in: state.pieces))))
    }

    /// Every placement of the first piece of `game`: the fewest presses to it, and a path of
    /// one press more where there is one.
    static func walk<R: Rules>(_ start: Game<R>) -> [Set<Cell>: (fewest: [Press], extra: [Press]?)] {
        var found: [Set<Cell>: (fewest: [Press], extra: [Press]?)] = [:]
        var seen: Set<Piece> = [start.state.piece]
        var layer: [(game: Game<R>, path: [Press])] = [(start, [])]
        while !layer.isEmpty {
            var next: [(game: Game<R>, path: [Press])] = []
            for (game, path) in layer {
                let cells = landing(game)
                if let known = found[cells] {
                    if known.extra == nil && path.count == known.fewest.count + 1 { found[cells]!.extra = path }
                } else {
                    found[cells] = (path, nil)
                }
                for press in Press.allCases {
                    var moved = game
                    var none: FinesseTracker?
                    guard play(press, on: &moved, tracker: &none), seen.insert(moved.state.piece).inserted else { continue }
                    next.append((moved, path + [press]))
                }
            }
            layer = next
        }
        return found
    }

    /// Plays `path` and a hard drop with a tracker told of each press; its verdict.
    static func judge<R: Rules>(_ path: [Press], from start: Game<R>) -> FinesseTracker {
        var game = start
        var tracker: FinesseTracker? = FinesseTracker(game.state)
        for press in path {
            tracker!.notePress()
            _ = play(press, on: &game, tracker: &tracker)
        }
        game.apply(.hardDrop)
        tracker!.note(.hardDrop, game: game)
        return tracker!
    }

    static func check<R: Rules>(_ rules: R, name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var placements = 0, extras = 0, longest = 0
        for kind in 0..<rules.pieces.count {
            let start = Game(rules: rules, source: .sequence([kind]))
            let found = walk(start)
            #expect(found.count >= 9, "\(name) kind \(kind): \(found.count) placements", sourceLocation: sourceLocation)
            for (cells, paths) in found {
                placements += 1
                longest = max(longest, paths.fewest.count)
                let best = judge(paths.fewest, from: start)
                #expect(best.pieces == 1 && best.unjudged == 0 && best.faults == 0 && best.presses == paths.fewest.count,
                        "\(name) kind \(kind) \(cells.sorted { ($0.y, $0.x) < ($1.y, $1.x) }) by \(paths.fewest): \(best)",
                        sourceLocation: sourceLocation)
                if let extra = paths.extra {
                    extras += 1
                    let more = judge(extra, from: start)
                    #expect(more.faults == 1, "\(name) kind \(kind) by \(extra) (one press more than \(paths.fewest)): \(more)",
                            sourceLocation: sourceLocation)
                }
            }
        }
        #expect(extras > placements / 4, "\(name): \(extras) of \(placements) placements have a path one press longer", sourceLocation: sourceLocation)
        print("finesse \(name): \(placements) placements, \(extras) also one press longer, at most \(longest) presses")
    }

    @Test("the standard rules: fewest presses count 0, one press more counts 1, for every placement of every piece")
    func standard() {
        Self.check(StandardRules(), name: "standard")
    }

    @Test("Mods/guideline (SRS both ways, lock delay, spawn above the field): the same")
    func guideline() throws {
        Self.check(try repositoryRules("guideline"), name: "guideline")
    }

    @Test("a board of another width and another piece set: Mods/pento's pentominoes")
    func pento() throws {
        Self.check(try repositoryRules("pento"), name: "pento")
    }
}
