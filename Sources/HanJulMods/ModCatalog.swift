import HanJulCore
import HanJulText
import LuaKit

/// Finds mods on the search path, reads and loads them.
public struct ModCatalog: Sendable {
    public let searchPath: ModSearchPath
    /// The working folder, so messages show `Mods/garbage/mod.lua` rather than a full path.
    public let workingDirectory: String

    public init(searchPath: ModSearchPath, workingDirectory: String) {
        self.searchPath = searchPath
        self.workingDirectory = workingDirectory
    }

    /// The packages of `ids`, read from disk once (hash them, then load these same bytes).
    public func packages(_ ids: [String]) throws(ModLoadError) -> [ModPackage] {
        var result: [ModPackage] = []
        for id in ids {
            guard ModPackage.isValidID(id), let folder = searchPath.folder(of: id) else {
                let known = searchPath.entries().filter { $0.shadowedBy == nil }.map(\.id)
                throw .notFound(id: id, searched: searchPath.folders, suggestions: Suggestions.closest(to: id, among: known))
            }
            result.append(try ModPackage(folder: folder))
        }
        return result
    }

    /// Rules made of `ids`, in that order, each in a fresh Lua state.
    public func rules(_ ids: [String], watchdog: LuaWatchdog? = nil) throws(ModLoadError) -> LuaRules {
        let packages = try packages(ids)
        return try LuaRules(packages: packages, displayFolders: packages.map { display($0.folder) }, watchdog: watchdog)
    }

    /// Rules made of `ids`, refusing any package `quarantine` holds (L-24), and watched
    /// by the watchdog `watchdog` makes for the packages read (nil: no watchdog). The
    /// watchdog covers the main chunks too, and lives as long as the rules' states.
    public func rules(_ ids: [String], quarantine: ModQuarantine?,
                      watchdog: ([ModPackage]) -> LuaWatchdog?) throws(ModLoadError) -> LuaRules {
        let packages = try packages(ids)
        try refuseQuarantined(packages, quarantine: quarantine)
        return try rules(packages: packages, watchdog: watchdog(packages))
    }

    /// Throws for the first of `packages` that `quarantine` holds (same id and hash).
    public func refuseQuarantined(_ packages: [ModPackage], quarantine: ModQuarantine?) throws(ModLoadError) {
        guard let quarantine else { return }
        let held = ModQuarantine.index(quarantine.entries())
        for package in packages {
            if let entry = held[ModQuarantine.Key(id: package.id, sha256: package.sha256)] {
                throw .quarantined(entry)
            }
        }
    }

    /// Rules from packages already read (sim workers each build their own states from the
    /// same bytes).
    public func rules(packages: [ModPackage], watchdog: LuaWatchdog? = nil) throws(ModLoadError) -> LuaRules {
        try LuaRules(packages: packages, displayFolders: packages.map { display($0.folder) }, watchdog: watchdog)
    }

    /// Rules from packages already read, in fresh Lua states, with the manifests and rule
    /// data of `cache` (see `LuaRules.LoadCache`): a sim's per-game load.
    public func rules(packages: [ModPackage], watchdog: LuaWatchdog? = nil, reusing cache: LuaRules.LoadCache) throws(ModLoadError) -> LuaRules {
        try LuaRules(packages: packages, displayFolders: packages.map { display($0.folder) }, watchdog: watchdog, reusing: cache)
    }

    /// One line of `hanjul mods`.
    public struct Listing: Sendable {
        public var id: String
        public var folder: String
        public var manifest: ModManifest?
        public var sha256: String?
        public var error: String?
        public var shadowedBy: String?
        /// Set when the quarantine holds this very package: it is not loaded.
        public var quarantined: ModQuarantine.Entry?
    }

    /// Every mod on the search path, each loaded to check it: under `watchdog` (made for
    /// the package read; L-24), and not at all when `quarantine` holds it.
    public func listing(quarantine: ModQuarantine? = nil, watchdog: (ModPackage) -> LuaWatchdog? = { _ in nil }) -> [Listing] {
        let held = ModQuarantine.index(quarantine?.entries() ?? [])
        return searchPath.entries().map { entry in
            var listing = Listing(id: entry.id, folder: display(entry.folder), shadowedBy: entry.shadowedBy.map(display))
            guard entry.shadowedBy == nil else { return listing }
            do throws(ModLoadError) {
                let package = try ModPackage(folder: entry.folder)
                listing.sha256 = package.sha256
                if let hold = held[ModQuarantine.Key(id: package.id, sha256: package.sha256)] {
                    listing.quarantined = hold
                    return listing
                }
                // Alone, to read the manifest: what it requires is listed, not loaded.
                let rules = try LuaRules(packages: [package], displayFolders: [display(entry.folder)], watchdog: watchdog(package),
                                         checksDependencies: false)
                listing.manifest = rules.manifests.first
            } catch {
                listing.error = error.description
            }
            return listing
        }
    }

    /// `path` relative to the working folder when it is inside it.
    public func display(_ path: String) -> String {
        if path.hasPrefix("/") && path.hasPrefix(workingDirectory + "/") {
            return String(path.dropFirst(workingDirectory.count + 1))
        }
        return path
    }
}
