/// HanJul's version and the engine's, recorded in simulation headers (and printed by
/// `hanjul --version`), so runs of different programs are never merged or resumed as one.
public enum HanJulVersion {
    /// The release of HanJul. Bump it whenever the program's results change: a new engine,
    /// or a bot that plays differently.
    public static let release = "0.1.1"
    /// The day of that release, `YYYY-MM-DD` (the man page's date; NEWS, debian/changelog
    /// and the AppStream metainfo say the same).
    public static let date = "2026-12-01"
    /// The engine's behaviour: bumped whenever the same rules, seed and actions could give a
    /// different game (and so a different replay or simulation record).
    public static let engine = 1
}
