import HanJulMods

/// A mod checked or tested together with another (`hanjul check ID --with OTHER`): its
/// package and how its folder is shown.
public struct ModCompanion: Sendable {
    public var package: ModPackage
    public var displayFolder: String

    public init(package: ModPackage, displayFolder: String) {
        self.package = package
        self.displayFolder = displayFolder
    }
}

/// Finds the packages of mods by id, for a composition: the checked mod, its companions,
/// then the catalog (each read from disk once per run).
final class ModResolver {
    let own: ModCompanion
    let companions: [ModCompanion]
    let catalog: ModCatalog?
    private var found: [String: ModCompanion] = [:]

    init(own: ModCompanion, companions: [ModCompanion], catalog: ModCatalog?) {
        self.own = own
        self.companions = companions
        self.catalog = catalog
    }

    /// The mod `id`, or an error that says where it was looked for.
    func companion(_ id: String) throws(ModLoadError) -> ModCompanion {
        if id == own.package.id { return own }
        if let companion = companions.first(where: { $0.package.id == id }) ?? found[id] { return companion }
        guard let catalog else {
            throw .notFound(id: id, searched: [], suggestions: [])
        }
        let package = try catalog.packages([id])[0]
        let companion = ModCompanion(package: package, displayFolder: catalog.display(package.folder))
        found[id] = companion
        return companion
    }

    /// The mods `ids` in that order, with the own mod last unless `ids` names it.
    func composition(_ ids: [String]) throws(ModLoadError) -> [ModCompanion] {
        var mods: [ModCompanion] = []
        for id in ids { mods.append(try companion(id)) }
        if !ids.contains(own.package.id) { mods.append(own) }
        return mods
    }

    /// The default composition: the companions, then the own mod.
    var standing: [ModCompanion] { companions + [own] }
}
