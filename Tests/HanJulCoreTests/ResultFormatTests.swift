import HanJulCore
import Testing

/// How a result reads (`ResultFormat`), the goal's countdown, and the game clock `W` moves.
@Suite struct ResultFormatTests {
    @Test func millisecondsReadAsMinutesSecondsAndMilliseconds() {
        #expect(ResultFormat.text(0, unit: .milliseconds) == "0:00.000")
        #expect(ResultFormat.text(89_250, unit: .milliseconds) == "1:29.250")
        #expect(ResultFormat.text(7, unit: .milliseconds) == "0:00.007")
        #expect(ResultFormat.text(600_000, unit: .milliseconds) == "10:00.000")
        #expect(ResultFormat.text(3_723_004, unit: .milliseconds) == "1:02:03.004")
        #expect(ResultFormat.text(-1500, unit: .milliseconds) == "-0:01.500")
    }

    @Test func countsReadWithTheirUnit() {
        #expect(ResultFormat.text(103, unit: .pieces) == "103 pieces")
        #expect(ResultFormat.text(1, unit: .pieces) == "1 piece")
        #expect(ResultFormat.text(40, unit: .lines) == "40 lines")
        #expect(ResultFormat.text(8044, unit: .points) == "8044 points")
        #expect(ResultFormat.text(5, unit: .count) == "5")
        #expect(GameResult(label: "time", value: 61_001, lowerIsBetter: true, unit: .milliseconds).text == "1:01.001")
    }

    @Test func theStandardRulesDeclareNoResultAndNoGoal() {
        let rules = StandardRules()
        #expect(rules.resultFormat == nil)
        #expect(rules.goal == nil)
        #expect(!rules.isTimed)
    }

    @Test func waitsMoveTheClockAndNothingElseUnderTheStandardRules() {
        var timed = Game(rules: StandardRules(), source: .seeded(3))
        var plain = Game(rules: StandardRules(), source: .seeded(3))
        for action: Action in [.left, .hardDrop, .gravity, .rotate, .hardDrop] {
            timed.apply(.wait(milliseconds: 400))
            timed.apply(action)
            plain.apply(action)
        }
        #expect(timed.state.elapsedMilliseconds == 2000)
        #expect(plain.state.elapsedMilliseconds == 0)
        #expect(timed.state.board == plain.state.board)
        #expect(timed.state.score == plain.state.score)
        #expect(timed.state.checksum != plain.state.checksum, "the clock is part of the game")
    }

    @Test func theGoalCountsDownAndStopsAtZero() throws {
        let o = try #require(PieceSet.standard.kind(forLetter: "O"))
        var game = Game(rules: StandardRules(), source: .sequence([o]))
        let goal = GameGoal(lines: 3)
        #expect(goal.linesLeft(in: game.state) == 3)
        // Five O pieces side by side clear two lines.
        let twoLines = try ActionScript.parse("LLLLH LLH H RRH RRRRH", allowing: Action.standard)
        game.apply(twoLines)
        #expect(game.state.lines == 2)
        #expect(goal.linesLeft(in: game.state) == 1)
        game.apply(twoLines)
        #expect(game.state.lines == 4)
        #expect(goal.linesLeft(in: game.state) == 0, "never below 0")
        #expect(GameGoal().linesLeft(in: game.state) == nil)
    }
}
