import HanJulText

extension HighScore {
    /// The most characters a name on a high-score table may have.
    public static let nameLimit = 16
    /// The most scalars one character of a name keeps (a letter and four marks).
    public static let maxScalarsPerCharacter = 5

    /// `text` made fit for a high-score table: printable characters only (controls, bidi
    /// and invisible characters are dropped, so a name cannot move the cursor or reorder a
    /// line), white space runs made one space and trimmed at both ends, at most
    /// `nameLimit` characters. Any script is welcome (`한줄`, `Zoë`). Empty when nothing
    /// printable is left.
    public static func cleanName(_ text: String) -> String {
        var name = ""
        var count = 0
        var pendingSpace = false
        for character in text {
            guard count < nameLimit else { break }
            if character.unicodeScalars.contains(where: { $0.properties.isWhitespace }) {
                pendingSpace = !name.isEmpty
                continue
            }
            // What visible() would escape is dropped; an emoji's variation selector is kept (`⏱️`).
            guard visible(String(character)) == String(character) else { continue }
            // A letter keeps a few marks, not forty (Zalgo text): what the screen can draw (H-8).
            let character = character.unicodeScalars.count <= Self.maxScalarsPerCharacter ? character
                : Character(String(String.UnicodeScalarView(character.unicodeScalars.prefix(Self.maxScalarsPerCharacter))))
            if pendingSpace {
                guard count + 2 <= nameLimit else { break }  // never end on the space
                name.append(" ")
                count += 1
            }
            pendingSpace = false
            name.append(character)
            count += 1
        }
        return name
    }

    /// Whether `name` is a file name housekeeping may treat as a saved replay: a plain
    /// `*.hjr` name in the replays folder (no folder part, not hidden).
    public static func isReplayFileName(_ name: String) -> Bool {
        name.hasSuffix(".hjr") && name.count > 4 && !name.hasPrefix(".") && !name.contains("/")
            && !name.unicodeScalars.contains(where: isHidden)
    }
}
