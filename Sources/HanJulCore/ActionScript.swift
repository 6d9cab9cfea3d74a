/// The action-script language of RULES.md: action letters, whitespace ignored.
public enum ActionScript {
    /// Reads a script into actions.
    ///
    /// ```
    /// try ActionScript.parse("LL C H")  // [.left, .left, .rotate, .hardDrop]
    /// ```
    /// - Throws: `ActionScriptError` with the 1-based position (counting every character,
    ///   whitespace included) and the character that is not an action.
    public static func parse(_ script: String, allowing allowed: Set<Action> = Action.standard) throws(ActionScriptError) -> [Action] {
        var actions: [Action] = []
        actions.reserveCapacity(script.utf8.count)
        var position = 0
        for character in script {
            position += 1
            if character.isWhitespace { continue }
            guard let action = Action(letter: character), allowed.contains(action) else {
                throw ActionScriptError(position: position, character: character, allowed: allowed)
            }
            actions.append(action)
        }
        return actions
    }

    /// The script for `actions`, one letter each.
    public static func text(of actions: some Sequence<Action>) -> String {
        String(actions.map(\.letter))
    }
}

/// A character in an action script that is not an action letter.
public struct ActionScriptError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based position of the character in the script.
    public var position: Int
    public var character: Character
    /// The letters the rules accept, for the message.
    public var allowed: Set<Action>

    public init(position: Int, character: Character, allowed: Set<Action> = Action.standard) {
        self.position = position
        self.character = character
        self.allowed = allowed
    }

    public var description: String {
        let shown = character.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value) }
            ? "'\(character)'"
            : character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
        let letters = Action.allCases.filter(allowed.contains).map { String($0.letter) }.joined(separator: " ")
        return "action script: unknown action \(shown) at position \(position) (use \(letters))"
    }
}
