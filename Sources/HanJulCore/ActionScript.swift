/// The action-script language of RULES.md: action letters, whitespace ignored; `W` is
/// followed by a decimal count of milliseconds (`W16`).
public enum ActionScript {
    /// Reads a script into actions.
    ///
    /// ```
    /// try ActionScript.parse("LL C W500 H")  // [.left, .left, .rotate, .wait(milliseconds: 500), .hardDrop]
    /// ```
    /// - Throws: `ActionScriptError` with the 1-based position (counting every character,
    ///   whitespace included) of the character at fault and what is wrong with it.
    public static func parse(_ script: String, allowing allowed: Set<Action.Kind> = Action.standard) throws(ActionScriptError) -> [Action] {
        var actions: [Action] = []
        actions.reserveCapacity(script.utf8.count)
        var position = 0
        var characters = script.makeIterator()
        var pending = characters.next()
        while let character = pending {
            position += 1
            pending = characters.next()
            if character.isWhitespace { continue }
            guard let kind = Action.Kind(letter: character) else {
                throw ActionScriptError(position: position, character: character, allowed: allowed)
            }
            guard allowed.contains(kind) else {
                throw ActionScriptError(position: position, character: character, allowed: allowed, problem: .notInRules)
            }
            if let action = Action(kind) {
                actions.append(action)
                continue
            }
            // `W` and its digits.
            let start = position
            var milliseconds = 0
            var digits = 0
            while let next = pending, let digit = next.wholeNumberValue, next.isASCII {
                digits += 1
                position += 1
                pending = characters.next()
                milliseconds = milliseconds > Action.maxWait ? milliseconds : milliseconds * 10 + digit
            }
            guard digits > 0 else {
                throw ActionScriptError(position: start, character: character, allowed: allowed, problem: .waitNeedsMilliseconds)
            }
            guard milliseconds <= Action.maxWait else {
                throw ActionScriptError(position: start, character: character, allowed: allowed, problem: .waitTooLong)
            }
            actions.append(.wait(milliseconds: milliseconds))
        }
        return actions
    }

    /// The script for `actions`: one letter each, `W` with its milliseconds.
    public static func text(of actions: some Sequence<Action>) -> String {
        var text = ""
        for action in actions {
            if case .wait(let milliseconds) = action {
                text.append("W")
                text.append(String(milliseconds))
            } else {
                text.append(action.kind.letter)
            }
        }
        return text
    }
}

/// A character in an action script that is not an action the rules accept.
public struct ActionScriptError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong at the position.
    public enum Problem: Equatable, Sendable {
        /// The character is not an action letter.
        case unknown
        /// An action letter these rules do not have (`A` under the standard rules, say).
        case notInRules
        /// A `W` with no digits after it.
        case waitNeedsMilliseconds
        /// A `W` longer than `Action.maxWait`.
        case waitTooLong
    }

    /// 1-based position of the character in the script.
    public var position: Int
    public var character: Character
    /// The letters the rules accept, for the message.
    public var allowed: Set<Action.Kind>
    public var problem: Problem

    public init(position: Int, character: Character, allowed: Set<Action.Kind> = Action.standard, problem: Problem = .unknown) {
        self.position = position
        self.character = character
        self.allowed = allowed
        self.problem = problem
    }

    public var description: String {
        let shown = character.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value) }
            ? "'\(character)'"
            : character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
        let letters = Action.Kind.allCases.filter(allowed.contains).map { String($0.letter) }.joined(separator: " ")
        switch problem {
        case .unknown:
            return "action script: unknown action \(shown) at position \(position) (use \(letters))"
        case .notInRules:
            return "action script: \(shown) at position \(position) is not an action of these rules (use \(letters))"
        case .waitNeedsMilliseconds:
            return "action script: 'W' at position \(position) needs its milliseconds, e.g. W16"
        case .waitTooLong:
            return "action script: the wait at position \(position) is longer than \(Action.maxWait) ms (one day); split it"
        }
    }
}
