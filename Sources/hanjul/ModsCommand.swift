import HanJulMods

/// `hanjul mods`: every mod on the search path, with its version, description and folder,
/// or why it does not load.
enum ModsCommand {
    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        var reader = ArgumentReader(arguments)
        let options = try ModOptions(&reader)
        guard options.ids.isEmpty else { throw UsageError("'hanjul mods' lists every mod; --mod does not apply") }
        try reader.finish()
        let catalog = options.catalog
        let listing = catalog.listing()
        if listing.isEmpty {
            print("No mods found. Searched: \(catalog.searchPath.folders.joined(separator: ", "))")
            return .success
        }
        var broken = 0
        for entry in listing {
            if let shadow = entry.shadowedBy {
                print("  \(entry.id)  (in \(entry.folder), hidden by \(shadow))")
            } else if let manifest = entry.manifest {
                print("\(manifest.id) \(manifest.version)  \(manifest.name): \(manifest.description)")
                print("    \(entry.folder)  sha256 \(entry.sha256?.prefix(16) ?? "")…")
            } else {
                broken += 1
                print("\(entry.id)  FAILS TO LOAD  \(entry.folder)")
                print("    \(entry.error ?? "unknown error")")
            }
        }
        print("\nSearched: \(catalog.searchPath.folders.joined(separator: ", ")). Play one with: hanjul run --mod ID … (or hanjul --mod ID)")
        return broken == 0 ? .success : .modError
    }
}
