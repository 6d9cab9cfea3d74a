/// "Did you mean …?": the known names closest to one that is not known.
///
/// ```swift
/// Suggestions.closest(to: "simm", among: ["sim", "stats", "run"])          // ["sim"]
/// Suggestions.closest(to: "--workres", among: ["--workers", "--seed"])     // ["--workers"]
/// Suggestions.didYouMean(["sim"])                                          // " (did you mean 'sim'?)"
/// ```
public enum Suggestions {
    /// Up to `limit` names from `candidates` close to `name`, closest first: those within
    /// an edit distance (insertions, deletions, substitutions and swaps of neighbours) of
    /// about a third of the name's length, and those `name` is a prefix of (`--work`).
    /// Case is ignored. Empty when nothing is close enough to be a plausible typo.
    public static func closest(to name: String, among candidates: [String], limit: Int = 3) -> [String] {
        let typed = Array(name.lowercased().unicodeScalars)
        guard !typed.isEmpty else { return [] }
        // Leading dashes do not count towards the length (so `--ab` allows what `ab` does).
        let letters = typed.drop { $0 == "-" }.count
        let allowed = max(1, min(3, letters / 3))
        var scored: [(name: String, score: Int)] = []
        for candidate in Set(candidates) where candidate != name {
            let known = Array(candidate.lowercased().unicodeScalars)
            let distance = editDistance(typed, known)
            if distance <= allowed {
                scored.append((candidate, distance))
            } else if letters >= 2, known.starts(with: typed) {
                scored.append((candidate, allowed + 1))
            }
        }
        scored.sort { $0.score != $1.score ? $0.score < $1.score : $0.name < $1.name }
        return scored.prefix(limit).map(\.name)
    }

    /// ` (did you mean 'a'?)`, ` (did you mean 'a' or 'b'?)`, or `""` for no suggestions;
    /// each name is passed through `quote` (so an option reads `--workers`, a command `'sim'`).
    public static func didYouMean(_ names: [String], quote: (String) -> String = { "'\($0)'" }) -> String {
        guard !names.isEmpty else { return "" }
        let quoted = names.map(quote)
        let list = quoted.count == 1 ? quoted[0]
            : quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
        return " (did you mean \(list)?)"
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions and
    /// transpositions of adjacent characters each cost one.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, previousPrevious[j - 2] + 1)
                }
                current[j] = best
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
