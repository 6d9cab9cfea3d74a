import HanJulText

/// Why a mod could not be found or loaded, in words that say what to do.
public enum ModLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The mod's folder breaks a rule (a symlink, a huge file, no mod.lua, a bad name).
    case package(folder: String, reason: String)
    /// No mod with this id on the search path; `suggestions` are the closest ids found.
    case notFound(id: String, searched: [String], suggestions: [String] = [])
    /// mod.lua (or a file it requires) did not compile or failed while running.
    case script(id: String, message: String)
    /// mod.lua ran but what it returned is not a valid mod.
    case manifest(id: String, reason: String)
    /// Two mods cannot be combined.
    case conflict(String)
    /// A mod's `requires` or `after` is not met by the mods loaded with it.
    case dependency(id: String, message: String)
    /// The watchdog caught this exact mod (same id and hash) hanging (L-24).
    case quarantined(ModQuarantine.Entry)

    public var description: String {
        switch self {
        case .package(let folder, let reason): "mod folder \(visible(folder)): \(reason)"
        case .notFound(let id, let searched, let suggestions):
            "no mod '\(visible(id, limit: 40))'\(Suggestions.didYouMean(suggestions)) in "
                + "\(searched.isEmpty ? "any mod folder" : searched.map { visible($0) }.joined(separator: ", ")) (see 'hanjul mods')"
        case .script(let id, let message): "mod '\(id)': \(visible(message, limit: 600))"
        case .manifest(let id, let reason): "mod '\(id)': mod.lua \(visible(reason))"
        case .conflict(let reason): visible(reason)
        case .dependency(let id, let message): "mod '\(id)' \(visible(message, limit: 600))"
        case .quarantined(let entry): entry.refusal
        }
    }
}
