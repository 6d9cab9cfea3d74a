import HanJulSystem

/// The process environment as a dictionary, without Foundation.
public enum TerminalEnvironment {
    /// Reads `environ`. The first occurrence of a name wins, as with `getenv`.
    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard var entry = start else { return result }
        while let pointer = entry.pointee {
            let pair = String(decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
            if let equals = pair.firstIndex(of: "=") {
                let name = String(pair[..<equals])
                if result[name] == nil {
                    result[name] = String(pair[pair.index(after: equals)...])
                }
            }
            entry += 1
        }
        return result
    }
}
