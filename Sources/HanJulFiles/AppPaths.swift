import HanJulSystem

/// Where HanJul keeps its files, per the XDG Base Directory specification.
///
/// ```swift
/// let paths = try AppPaths(environment: ["HOME": "/home/ana"])
/// paths.dataDirectory     // "/home/ana/.local/share/hanjul"
/// paths.configDirectory   // "/home/ana/.config/hanjul"
/// paths.stateDirectory    // "/home/ana/.local/state/hanjul"
/// paths.systemDataDirectories  // ["/usr/local/share/hanjul", "/usr/share/hanjul"]
/// ```
///
/// The environment is passed in, so tests and headless runs can point HanJul
/// at a temporary folder and never touch the real home (D-9). Relative
/// `XDG_*` values are ignored, as the specification requires.
public struct AppPaths: Sendable, Equatable {
    /// Why the folders could not be determined.
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// Neither an absolute `XDG_*_HOME` nor an absolute `HOME` is set.
        case noHome(variable: String)

        /// A readable explanation.
        public var description: String {
            switch self {
            case .noHome(let variable):
                return "cannot find where to keep HanJul's files: \(variable) and HOME are unset or not absolute paths"
            }
        }
    }

    /// The application's folder name inside the XDG folders.
    public static let applicationName = "hanjul"

    /// Saved data: high scores, replays, the user's mods.
    public var dataDirectory: String
    /// Settings: key bindings, options.
    public var configDirectory: String
    /// State worth keeping between runs that is not the user's data: the quarantine list.
    public var stateDirectory: String
    /// The system's data folders, most important first: `hanjul` inside each absolute
    /// folder of `$XDG_DATA_DIRS`, else inside `/usr/local/share` and `/usr/share`. Read
    /// after ``dataDirectory`` (installed mods live in `PREFIX/share/hanjul/mods`).
    public var systemDataDirectories: [String]

    /// Computes the folders from an environment.
    ///
    /// - `dataDirectory`: `$XDG_DATA_HOME/hanjul`, else `$HOME/.local/share/hanjul`;
    /// - `configDirectory`: `$XDG_CONFIG_HOME/hanjul`, else `$HOME/.config/hanjul`;
    /// - `stateDirectory`: `$XDG_STATE_HOME/hanjul`, else `$HOME/.local/state/hanjul`;
    /// - `systemDataDirectories`: `hanjul` in each absolute folder of `$XDG_DATA_DIRS`.
    ///
    /// Empty and relative values count as unset. The folders are not created;
    /// ``AtomicFile`` creates them (mode 0700) on the first save.
    ///
    /// - Throws: ``Error/noHome(variable:)`` if a folder cannot be determined.
    public init(environment: [String: String]) throws(Error) {
        let home = Self.absolute(environment["HOME"]).map { Self.trimmingTrailingSlashes($0) }
        func resolve(_ variable: String, _ fallback: String) throws(Error) -> String {
            if let base = Self.absolute(environment[variable]) {
                return Self.trimmingTrailingSlashes(base) + "/" + Self.applicationName
            }
            guard let home else { throw .noHome(variable: variable) }
            return (home == "/" ? "" : home) + "/" + fallback + "/" + Self.applicationName
        }
        dataDirectory = try resolve("XDG_DATA_HOME", ".local/share")
        configDirectory = try resolve("XDG_CONFIG_HOME", ".config")
        stateDirectory = try resolve("XDG_STATE_HOME", ".local/state")
        systemDataDirectories = Self.searchList(environment["XDG_DATA_DIRS"], default: ["/usr/local/share", "/usr/share"])
            .map { ($0 == "/" ? "" : $0) + "/" + Self.applicationName }
    }

    /// The absolute folders of a colon-separated list, in order, without repeats (relative
    /// entries are ignored, as the specification requires); `default` when none is left.
    static func searchList(_ value: String?, default fallback: [String]) -> [String] {
        var folders: [String] = []
        for entry in (value ?? "").split(separator: ":") {
            guard let folder = absolute(String(entry)).map(trimmingTrailingSlashes), !folders.contains(folder) else { continue }
            folders.append(folder)
        }
        return folders.isEmpty ? fallback : folders
    }

    /// The folders for this process: its environment, and the password
    /// database's home folder if `HOME` is unset.
    public static func current() throws(Error) -> AppPaths {
        var environment = textEnvironment(SystemProcess.environmentEntries)
        if absolute(environment["HOME"]) == nil, let folder = SystemProcess.homeFromPasswordDatabase(),
           let home = PathBytes(bytes: folder).text {
            environment["HOME"] = home
        }
        return try AppPaths(environment: environment)
    }

    /// The variables of an environment (`NAME=value` entries) whose entry is UTF-8. One
    /// that is not is left out, as if unset (H-5): decoded, `XDG_DATA_HOME=/a\xFF` would be
    /// `/a\u{FFFD}`, another folder, and HanJul would keep its files there.
    static func textEnvironment(_ entries: [[UInt8]]) -> [String: String] {
        var environment: [String: String] = [:]
        for entry in entries {
            guard let text = PathBytes(bytes: entry).text, let equals = text.firstIndex(of: "=") else { continue }
            environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        return environment
    }

    /// A path inside the data folder.
    public func dataFile(_ name: String) -> String { dataDirectory + "/" + name }
    /// A path inside the config folder.
    public func configFile(_ name: String) -> String { configDirectory + "/" + name }
    /// A path inside the state folder.
    public func stateFile(_ name: String) -> String { stateDirectory + "/" + name }

    private static func absolute(_ value: String?) -> String? {
        guard let value, value.hasPrefix("/") else { return nil }
        return value
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        return String(p)
    }
}
