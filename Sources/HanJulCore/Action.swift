/// One input to the engine. Key presses and the gravity clock both become actions, so a
/// game played and a game scripted are the same thing.
public enum Action: UInt8, CaseIterable, Sendable {
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

    /// The actions of RULES.md, which every rule set accepts.
    public static let standard: Set<Action> = [.left, .right, .rotate, .softDrop, .hardDrop, .gravity]

    /// The letter that stands for the action in an action script.
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
        }
    }

    /// The action a script letter stands for.
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
        default: return nil
        }
    }
}
