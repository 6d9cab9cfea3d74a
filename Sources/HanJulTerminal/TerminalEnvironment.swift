import HanJulSystem

/// The process environment as a dictionary, without Foundation.
public enum TerminalEnvironment {
    /// Reads the environment (`SystemProcess.environmentEntries`). The first occurrence of
    /// a name wins, as with `getenv`.
    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        for bytes in SystemProcess.environmentEntries {
            let pair = String(decoding: bytes, as: UTF8.self)
            if let equals = pair.firstIndex(of: "=") {
                let name = String(pair[..<equals])
                if result[name] == nil {
                    result[name] = String(pair[pair.index(after: equals)...])
                }
            }
        }
        return result
    }
}
