import Testing
import HanJulCore

@Suite struct ActionScriptTests {
    @Test func lettersAndWhitespace() throws {
        #expect(try ActionScript.parse("L R\tC\nDHG") == [.left, .right, .rotate, .softDrop, .hardDrop, .gravity])
        #expect(try ActionScript.parse("") == [])
        #expect(ActionScript.text(of: [.left, .hardDrop]) == "LH")
    }

    @Test func unknownLetterNamesItsPosition() {
        #expect(throws: ActionScriptError(position: 4, character: "x")) { try ActionScript.parse("LL x") }
        #expect(throws: ActionScriptError(position: 1, character: "l")) { try ActionScript.parse("l") }
        let error = ActionScriptError(position: 2, character: "\u{1B}")
        #expect(error.description == "action script: unknown action U+1B at position 2 (use L R C D H G W)")
    }

    @Test func waitCarriesItsMilliseconds() throws {
        #expect(try ActionScript.parse("W16 LW500W0 H") == [.wait(milliseconds: 16), .left, .wait(milliseconds: 500), .wait(milliseconds: 0), .hardDrop])
        #expect(try ActionScript.parse("W007") == [.wait(milliseconds: 7)])
        #expect(ActionScript.text(of: [.wait(milliseconds: 16), .left, .wait(milliseconds: 500)]) == "W16LW500")
        #expect(Action.wait(milliseconds: 16).token == "W16")
        #expect(Action.wait(milliseconds: 16).kind == .wait)
        #expect(Action(letter: "W") == nil, "a wait needs its milliseconds")
    }

    @Test func waitErrorsNameThePositionOfTheW() throws {
        #expect(throws: ActionScriptError(position: 3, character: "W", problem: .waitNeedsMilliseconds)) { try ActionScript.parse("L W H") }
        #expect(throws: ActionScriptError(position: 2, character: "W", problem: .waitNeedsMilliseconds)) { try ActionScript.parse("LW") }
        #expect(ActionScriptError(position: 3, character: "W", problem: .waitNeedsMilliseconds).description
            == "action script: 'W' at position 3 needs its milliseconds, e.g. W16")
        #expect(throws: ActionScriptError(position: 2, character: "W", problem: .waitTooLong)) { try ActionScript.parse("LW86400001H") }
        #expect(try ActionScript.parse("W86400000") == [.wait(milliseconds: 86_400_000)])
        #expect(ActionScriptError(position: 2, character: "W", problem: .waitTooLong).description
            == "action script: the wait at position 2 is longer than 86400000 ms (one day); split it")
        // A digit without a W before it is no action.
        #expect(throws: ActionScriptError(position: 2, character: "1")) { try ActionScript.parse("L1") }
    }

    @Test func lettersOfOtherRulesAreNamedAsSuch() throws {
        #expect(throws: ActionScriptError(position: 2, character: "F", problem: .notInRules)) { try ActionScript.parse("LF") }
        #expect(ActionScriptError(position: 2, character: "F", problem: .notInRules).description
            == "action script: 'F' at position 2 is not an action of these rules (use L R C D H G W)")
        #expect(try ActionScript.parse("FAX", allowing: Action.allKinds) == [.rotateHalfTurn, .rotateCounterclockwise, .hold])
    }
}
