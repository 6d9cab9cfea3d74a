// Prints where the bot's time per piece goes: evaluating placements, searching them,
// loading the board, playing the chosen path. Run with: swift run -c release HanJulBotBench
import Foundation
import HanJulBot
import HanJulCore
import HanJulSystem

func seconds() -> Double { SystemClock.processCPU.seconds() }

// Positions from real games: the state before each piece.
var states: [GameState] = []
nonisolated(unsafe) var bot = Bot(BotConfig(), seed: 1)
for seed in UInt64(1)...4 {
    var game = Game(rules: StandardRules(), source: .seeded(seed))
    for _ in 0..<1_000 where !game.state.isOver {
        states.append(game.state)
        bot.play(&game)
    }
}
nonisolated(unsafe) var globalSearch = PlacementSearch()
let evaluator = BoardEvaluator(height: 20)
let rules = StandardRules()
var lists: [PlacementList] = []
for state in states {
    try! globalSearch.run(.fast, in: state, rules: rules)
    lists.append(globalSearch.placements)
}
let placementCount = lists.reduce(0) { $0 + $1.count }
print("\(states.count) positions, \(Double(placementCount) / Double(states.count)) placements each")

// Each position is measured `repeats` times in a row: its board stays in the cache, as
// it does in a real game (cold boards would measure the memory, not the bot).
let repeats = 16
let only = CommandLine.arguments.dropFirst().first
@MainActor func time(_ label: String, perPlacement: Bool = false, _ body: () -> Int) {
    if let only, !label.hasPrefix(only) { return }
    var best = Double.infinity
    var sink = 0
    for _ in 0..<3 {
        let start = seconds()
        sink &+= body()
        best = min(best, seconds() - start)
    }
    let per = best * 1e9 / Double(perPlacement ? placementCount : states.count) / Double(repeats)
    print(label.padding(toLength: 44, withPad: " ", startingAt: 0) + String(format: "%7.1f ns/%@", per, perPlacement ? "placement" : "piece") + " (\(sink % 7))")
}

time("load") {
    var s = 0
    for state in states { for _ in 0..<repeats { evaluator.load(state.board); s &+= 1 } }
    return s
}
time("load + best (eltetris)", perPlacement: true) {
    var s = 0
    for (state, list) in zip(states, lists) {
        for _ in 0..<repeats {
            evaluator.load(state.board)
            s &+= evaluator.best(of: list, weights: .elTetris, pieces: state.pieces)
        }
    }
    return s
}
time("search fast") {
    var search = PlacementSearch()
    var s = 0
    for state in states {
        for _ in 0..<repeats {
            try! search.run(.fast, in: state, rules: rules)
            s &+= search.placements.count
        }
    }
    return s
}
time("choose + play (whole bot step)") {
    var bot = Bot(BotConfig(), seed: 1)
    var s = 0
    for state in states {
        for _ in 0..<repeats {
            var game = Game(rules: rules, state: state)
            bot.play(&game)
            s &+= game.state.piecesLocked
        }
    }
    return s
}
time("play the path only (Game.apply)") {
    var search = PlacementSearch()
    var s = 0
    for (state, list) in zip(states, lists) {
        try! search.run(.fast, in: state, rules: rules)
        for _ in 0..<repeats {
            var game = Game(rules: rules, state: state)
            for action in search.actions(of: list[list.count / 2]) { game.apply(action) }
            s &+= game.state.piecesLocked
        }
    }
    return s
}
time("copy the state and apply nothing but one left") {
    var s = 0
    for state in states {
        for _ in 0..<repeats {
            var game = Game(rules: rules, state: state)
            game.apply(.left)
            s &+= game.state.piecesLocked
        }
    }
    return s
}
time("apply L and R, alternately (per action)") {
    var game = Game(rules: rules, source: .seeded(1))
    var s = 0
    for i in 0..<(states.count * repeats) {
        game.apply(i & 1 == 0 ? .left : .right)
        s &+= game.state.piece.x
    }
    return s
}
time("apply C (per action)") {
    var game = Game(rules: rules, source: .seeded(1))
    var s = 0
    for _ in 0..<(states.count * repeats) {
        game.apply(.rotate)
        s &+= game.state.piece.rotation
    }
    return s
}
time("apply H: drop, lock, clear, spawn (per piece)") {
    var s = 0
    var game = Game(rules: rules, source: .seeded(1))
    var placed = 0
    for _ in 0..<(states.count * repeats) {
        // An O in the columns 0-1, 2-3, ... fills two rows every five pieces: they clear.
        if game.state.isOver || placed == 0 { game = Game(rules: rules, source: .sequence([1])) }
        let column = placed % 5
        for _ in 0..<4 { game.apply(.left) }
        for _ in 0..<(column * 2) { game.apply(.right) }
        game.apply(.hardDrop)
        placed += 1
        s &+= game.state.lines
    }
    return s
}
