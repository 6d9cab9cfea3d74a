/// How held keys become moves, in milliseconds: the game's own auto-shift, not the
/// terminal's key repeat.
///
/// - `das` (delayed auto-shift): a held ← or → moves once at the press, then again after
///   `das`, then every `arr`;
/// - `arr` (auto-repeat rate): the interval of those moves; 0 moves straight to the wall;
/// - `softDrop`: a held ↓ drops a row at the press and then every `softDrop`; 0 drops to
///   the floor at once without locking (the piece locks by gravity, or by ↓ pressed
///   again on the floor under rules where a soft drop on the floor locks);
/// - `dasCut`: after a new piece enters, a charged auto-shift waits this long before it
///   moves the new piece (so a held direction does not throw it into the wall at once).
///
/// The defaults are those of modern stackers at 60 frames a second: DAS 10 frames, ARR 2,
/// soft drop one row a frame and a bit, DAS cut 1 frame.
public struct HandlingSettings: Equatable, Sendable {
    public var das: Int
    public var arr: Int
    public var softDrop: Int
    public var dasCut: Int
    /// READY before a game under a mode's rules, in milliseconds (0: none): the clock,
    /// gravity and a bot start at GO.
    public var countdown: Int

    public init(das: Int = 167, arr: Int = 33, softDrop: Int = 20, dasCut: Int = 17, countdown: Int = 1500) {
        self.das = das
        self.arr = arr
        self.softDrop = softDrop
        self.dasCut = dasCut
        self.countdown = countdown
    }

    /// The defaults (`das = 167`, `arr = 33`, `soft_drop = 20`, `das_cut = 17`).
    public static let defaults = HandlingSettings()

    /// One setting: its name in `settings.conf` (and, with `--`, on the command line), the
    /// values allowed, and where it lives.
    public struct Field: Sendable {
        public var name: String
        public var option: String
        public var range: ClosedRange<Int>
        public var summary: String
        public var keyPath: WritableKeyPath<HandlingSettings, Int> & Sendable

        /// `"das must be a whole number of milliseconds from 0 to 1000"`.
        public var rangeText: String { "a whole number of milliseconds from \(range.lowerBound) to \(range.upperBound)" }
    }

    /// Every setting, in the order the settings file and the Settings screen list them.
    public static let fields: [Field] = [
        Field(name: "das", option: "--das", range: 0...1000, summary: "delay before a held move repeats", keyPath: \.das),
        Field(name: "arr", option: "--arr", range: 0...500, summary: "interval of repeated moves (0: to the wall)", keyPath: \.arr),
        Field(name: "soft_drop", option: "--soft-drop", range: 0...1000,
              summary: "interval of soft-drop rows (0: to the floor)", keyPath: \.softDrop),
        Field(name: "das_cut", option: "--das-cut", range: 0...1000,
              summary: "pause of a held move on a new piece", keyPath: \.dasCut),
        Field(name: "countdown", option: "--countdown", range: 0...5000,
              summary: "READY before a mode's game (0: none)", keyPath: \.countdown),
    ]

    /// The value of `field` parsed from `text`, or a message naming the setting, the value
    /// and the range allowed.
    public static func parse(_ text: Substring, for field: Field, label: String) -> Result<Int, SettingError> {
        let trimmed = text.trimmingSpaces()
        if let value = Int(trimmed), field.range.contains(value) { return .success(value) }
        let shown = KeyBindings.printable(trimmed)
        return .failure(SettingError("\(label) '\(shown)' is out of range: give \(field.rangeText)"))
    }
}

/// A setting with a value it cannot take, in one line for the player.
public struct SettingError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
