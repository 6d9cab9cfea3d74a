/// One input to the engine. Key presses, the gravity clock and elapsed time all become
/// actions, so a game played and a game scripted are the same thing.
///
/// The engine has no clock: time reaches it only as `.gravity` ticks (the front end's
/// gravity clock) and `.wait(milliseconds:)` (time passing, which only rules with a lock
/// delay care about; see `Rules.lockDelay`).
public enum Action: Hashable, Sendable {
    case left
    case right
    case rotate
    case softDrop
    case hardDrop
    case gravity
    /// Counter-clockwise rotation, for rules that allow it (`Rules.allowsCounterclockwise`).
    case rotateCounterclockwise
    /// Swap the piece with the held one, for rules with a hold slot (`Rules.holdEnabled`).
    case hold
    /// A 180° turn, for rules that allow it (`Rules.allowsHalfTurn`).
    case rotateHalfTurn
    /// `milliseconds` of time passed. Under rules with a lock delay it runs the lock timer
    /// of a piece resting on the stack; under other rules it changes nothing.
    case wait(milliseconds: Int)

    /// What kind of action this is, without its payload: the letter of the script.
    public enum Kind: UInt8, CaseIterable, Sendable {
        case left
        case right
        case rotate
        case softDrop
        case hardDrop
        case gravity
        case rotateCounterclockwise
        case hold
        case rotateHalfTurn
        case wait

        /// The letter that stands for the action in an action script (`W` is followed by
        /// its milliseconds).
        public var letter: Character {
            switch self {
            case .left: "L"
            case .right: "R"
            case .rotate: "C"
            case .softDrop: "D"
            case .hardDrop: "H"
            case .gravity: "G"
            case .rotateCounterclockwise: "A"
            case .hold: "X"
            case .rotateHalfTurn: "F"
            case .wait: "W"
            }
        }

        /// The kind a script letter stands for.
        public init?(letter: Character) {
            switch letter {
            case "L": self = .left
            case "R": self = .right
            case "C": self = .rotate
            case "D": self = .softDrop
            case "H": self = .hardDrop
            case "G": self = .gravity
            case "A": self = .rotateCounterclockwise
            case "X": self = .hold
            case "F": self = .rotateHalfTurn
            case "W": self = .wait
            default: return nil
            }
        }
    }

    /// The kind of the action.
    @inlinable
    public var kind: Kind {
        switch self {
        case .left: .left
        case .right: .right
        case .rotate: .rotate
        case .softDrop: .softDrop
        case .hardDrop: .hardDrop
        case .gravity: .gravity
        case .rotateCounterclockwise: .rotateCounterclockwise
        case .hold: .hold
        case .rotateHalfTurn: .rotateHalfTurn
        case .wait: .wait
        }
    }

    /// The action of a kind that has no payload; `nil` for `.wait`.
    public init?(_ kind: Kind) {
        switch kind {
        case .left: self = .left
        case .right: self = .right
        case .rotate: self = .rotate
        case .softDrop: self = .softDrop
        case .hardDrop: self = .hardDrop
        case .gravity: self = .gravity
        case .rotateCounterclockwise: self = .rotateCounterclockwise
        case .hold: self = .hold
        case .rotateHalfTurn: self = .rotateHalfTurn
        case .wait: return nil
        }
    }

    /// The action a script letter stands for; `nil` for `W`, which needs its milliseconds
    /// (see `ActionScript.parse`), and for characters that are no action.
    public init?(letter: Character) {
        guard let kind = Kind(letter: letter) else { return nil }
        self.init(kind)
    }

    /// The action's letter (`W` for every wait: `token` has its milliseconds).
    public var letter: Character { kind.letter }

    /// The action's text in a script: its letter, and for `.wait` the milliseconds (`W16`).
    public var token: String {
        if case .wait(let milliseconds) = self { return "W\(milliseconds)" }
        return String(kind.letter)
    }

    /// The kinds every rule set accepts: those of RULES.md (`L R C D H G`) and `W`, which
    /// changes nothing under rules without a lock delay.
    public static let standard: Set<Kind> = [.left, .right, .rotate, .softDrop, .hardDrop, .gravity, .wait]

    /// Every kind, for readers of recorded games (which check the rules separately).
    public static let allKinds = Set(Kind.allCases)

    /// The longest wait one `W` may carry: a day, in milliseconds.
    public static let maxWait = 86_400_000
}
