import HanJulCore

/// Why rules could not be built: a mod that does not load, in one line.
public struct RulesFailure: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Where a game's rules come from. A mod's Lua state lives for one game, so the rules are
/// built afresh for each game (`make`), and again when hot reload sees a mod's files change.
public struct RulesProvider<R: Rules> {
    /// Builds the rules (fresh Lua states for mods), or says why it could not.
    public var make: () -> Result<R, RulesFailure>
    /// The identity of rules built by `make` (name, mod ids, versions, hashes).
    public var identity: (R) -> RulesIdentity
    /// The mods' names for the side panel.
    public var modNames: (R) -> [String]
    /// Folders to watch for hot reload (the mods' folders); empty for the built-in rules.
    public var watchedFolders: [String]

    public init(make: @escaping () -> Result<R, RulesFailure>, identity: @escaping (R) -> RulesIdentity,
                modNames: @escaping (R) -> [String] = { _ in [] }, watchedFolders: [String] = []) {
        self.make = make
        self.identity = identity
        self.modNames = modNames
        self.watchedFolders = watchedFolders
    }
}

extension RulesProvider where R == StandardRules {
    /// The built-in standard rules.
    public static var standard: RulesProvider<StandardRules> { RulesProvider(make: { .success(StandardRules()) }, identity: { _ in .standard }) }
}

/// A game's rules provider with its rules' type hidden, as the session holds it beside
/// the game's screen to answer `.makeRules`.
struct RulesSource {
    let make: () -> Result<MadeRules, RulesFailure>

    init<R: Rules>(_ provider: RulesProvider<R>) {
        make = { provider.make().map { MadeRules($0, provider: provider) } }
    }
}
