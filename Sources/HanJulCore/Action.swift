/// One input to the engine. Key presses and the gravity clock both become actions, so a
/// game played and a game scripted are the same thing.
public enum Action: UInt8, CaseIterable, Sendable {
    case left
    case right
    case rotate
    case softDrop
    case hardDrop
    case gravity

    /// The letter that stands for the action in an action script.
    public var letter: Character {
        switch self {
        case .left: "L"
        case .right: "R"
        case .rotate: "C"
        case .softDrop: "D"
        case .hardDrop: "H"
        case .gravity: "G"
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
        default: return nil
        }
    }
}
