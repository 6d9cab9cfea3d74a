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
        #expect(error.description == "action script: unknown action U+1B at position 2 (use L R C D H G)")
    }
}
