/// How garbage reaches a board in a versus match (a mod's `garbage = { … }`): the engine
/// itself never sends any; a match's referee (`VersusReferee`) reads these.
public struct GarbageRules: Equatable, Sendable {
    /// Pieces the receiver locks after garbage arrives before it may enter (0: at its next
    /// lock that clears nothing).
    public var delay: Int
    /// The chance (0…1) that a line's hole moves to another column from the line before it
    /// in the same attack; each attack starts at a new column drawn from the match's seed.
    public var messiness: Double
    /// At most this many lines enter the board per piece locked; the rest wait.
    public var cap: Int
    /// Whether one's own attack first cancels the garbage waiting for one (then the rest is sent).
    public var cancels: Bool

    public init(delay: Int = 0, messiness: Double = 0, cap: Int = 8, cancels: Bool = true) {
        self.delay = delay
        self.messiness = messiness
        self.cap = cap
        self.cancels = cancels
    }

    /// The ranges a mod may give.
    public static let delayRange = 0...100, capRange = 1...64
    /// The lines one lock may send (a mod's `attack`): far beyond any table, and small
    /// enough that a match's and a run's sums of them stay far from `Int.max`.
    public static let attackRange = 0...1000
}
