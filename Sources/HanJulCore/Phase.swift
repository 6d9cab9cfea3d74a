/// Whether the game goes on.
public enum Phase: Equatable, Sendable {
    case playing
    case over(GameOverReason)
}
