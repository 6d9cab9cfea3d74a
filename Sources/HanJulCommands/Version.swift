import HanJulCore
import HanJulReplay
import LuaKit

/// What `hanjul --version` prints: HanJul's release and the engine's behaviour version
/// (``HanJulVersion``, also in every simulation header and replay), the replay format
/// version (``ReplayFile/version``) and the Lua library in use.
enum Version {
    /// HanJul's release (``HanJulVersion/release``, the one source).
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
