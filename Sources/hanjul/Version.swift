import HanJulCore
import HanJulReplay
import LuaKit

/// What `hanjul --version` prints: HanJul's release, the engine's behaviour version and
/// the replay format version (both from ``ReplayFile``), and the Lua library in use.
enum Version {
    /// HanJul's release (one constant, `HanJulVersion.release`, which sim headers record too).
    static let release = HanJulVersion.release

    static var text: String {
        """
        hanjul \(release)
        engine behaviour version \(ReplayFile.engineVersion)
        replay format version \(ReplayFile.version)
        \(LuaState.luaRelease)
        """
    }
}
