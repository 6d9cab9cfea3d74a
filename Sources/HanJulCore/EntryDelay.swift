/// The entry delay ("ARE"): the time between a lock and the next piece's entry, and a
/// longer one after a lock that cleared rows (TGM's line-clear delay and ARE in one), as a
/// rule capability (`Rules.entryDelay`).
///
/// Under an entry delay (docs/RULES.md, "Entry delay"):
/// - after a lock the board has no piece in play until `W<ms>` actions have told the delay;
///   the wait that ends it brings the next piece in (time past the end is not carried);
/// - during the delay a turn (`C`, `A`, `F`) or a hold (`X`) is the piece's entry input, the
///   Initial Rotation and Initial Hold Systems (IRS, IHS): the latest turn given is made as
///   the piece enters, before it falls, and a hold sends the entering piece to the hold
///   slot first (the piece it brings in then takes the turn);
/// - every other action (`L R D H G`) changes nothing.
public struct EntryDelay: Equatable, Hashable, Sendable {
    /// Milliseconds from a lock that cleared no rows to the next entry.
    public var milliseconds: Int
    /// Milliseconds from a lock that cleared rows to the next entry.
    public var lineClear: Int
    /// Other delays from a level on, lowest level first: each applies from its `level` until
    /// the next one's.
    public var steps: [Step]

    /// The delays from `level` on.
    public struct Step: Equatable, Hashable, Sendable {
        public var level: Int
        public var milliseconds: Int
        public var lineClear: Int

        public init(level: Int, milliseconds: Int, lineClear: Int) {
            self.level = level
            self.milliseconds = milliseconds
            self.lineClear = lineClear
        }
    }

    public init(milliseconds: Int, lineClear: Int? = nil, steps: [Step] = []) {
        self.milliseconds = milliseconds
        self.lineClear = lineClear ?? milliseconds
        self.steps = steps
    }

    /// Milliseconds to the next entry at `level`, after a lock that `cleared` rows or not.
    public func milliseconds(atLevel level: Int, cleared: Bool) -> Int {
        guard let step = steps.last(where: { $0.level <= level }) else { return cleared ? lineClear : milliseconds }
        return cleared ? step.lineClear : step.milliseconds
    }

    /// The longest entry delay a rule may ask for: 10 s.
    public static let maxMilliseconds = 10_000
}
