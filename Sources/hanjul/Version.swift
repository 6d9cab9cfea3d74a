import LuaKit
import HanJulReplay

/// What `hanjul --version` prints: HanJul's release, the engine's behaviour version and
/// the replay format version (both from ``ReplayFile``), and the Lua library in use.
enum Version {
    /// HanJul's release.
    static let release = "0.1.0"

    static var text: String {
        """
        hanjul \(release)
        engine behaviour version \(ReplayFile.engineVersion)
        replay format version \(ReplayFile.version)
        \(LuaState.luaRelease)
        """
    }
}
