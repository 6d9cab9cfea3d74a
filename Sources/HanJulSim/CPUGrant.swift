/// How many CPUs this process may actually use: the smaller of its affinity mask (what
/// `taskset`, Slurm's task/affinity or a container's cpuset allow) and its cgroup's CPU
/// quota (cgroup v2 `cpu.max`, v1 `cpu.cfs_quota_us` / `cpu.cfs_period_us`, the tightest
/// along the path to the root), rounded up. A machine's core count says nothing of either.
///
/// The parsing is pure: the caller hands in `/proc/self/cgroup`, `/proc/self/mountinfo` and
/// a function that reads a file, so tests can describe any machine.
public struct CPUGrant: Equatable, Sendable {
    /// CPUs in the affinity mask (nil when it could not be read).
    public var affinity: Int?
    /// The cgroup CPU quota in CPUs (`quota / period`), nil when there is none.
    public var quota: Double?
    /// The machine's online CPUs.
    public var online: Int

    public init(affinity: Int?, quota: Double?, online: Int) {
        self.affinity = affinity
        self.quota = quota
        self.online = online
    }

    /// The number of workers to run: the tightest limit, at least 1.
    public var count: Int {
        var limit = affinity ?? online
        if let quota, quota > 0 {
            var whole = Int(quota)
            if Double(whole) < quota { whole += 1 }
            limit = min(limit, whole)
        }
        return max(1, limit)
    }

    /// `2 CPUs granted (affinity mask 2 of 8, cgroup quota 1.5)`
    public var description: String {
        var parts: [String] = []
        parts.append(affinity.map { "affinity mask \($0) of \(online)" } ?? "\(online) online")
        parts.append(quota.map { "cgroup quota \(Format.number($0, digits: 2))" } ?? "no cgroup CPU quota")
        return "\(count) CPU\(count == 1 ? "" : "s") granted (" + parts.joined(separator: ", ") + ")"
    }

    /// The cgroup CPU quota of the process, in CPUs, or nil when none of its cgroups has one.
    ///
    /// - Parameters:
    ///   - cgroup: the text of `/proc/self/cgroup` (`0::/path` for v2, `4:cpu,cpuacct:/path` for v1).
    ///   - mountInfo: the text of `/proc/self/mountinfo`, to find where each hierarchy is mounted.
    ///   - read: reads a file's text, nil when it cannot.
    public static func quota(cgroup: String, mountInfo: String, read: (String) -> String?) -> Double? {
        let mounts = mountInfo.split(separator: "\n").compactMap(CgroupMount.init)
        var tightest: Double?
        func consider(_ value: Double?) {
            guard let value, value > 0 else { return }
            tightest = min(tightest ?? value, value)
        }
        for line in cgroup.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let controllers = fields[1].split(separator: ",").map(String.init), path = String(fields[2])
            if fields[0] == "0" && fields[1].isEmpty {
                for mount in mounts where mount.isVersion2 {
                    for folder in mount.folders(for: path) {
                        consider(read(folder + "/cpu.max").flatMap(parseCPUMax))
                    }
                }
            } else if controllers.contains("cpu") {
                for mount in mounts where !mount.isVersion2 && mount.controllers.contains("cpu") {
                    for folder in mount.folders(for: path) {
                        guard let quota = read(folder + "/cpu.cfs_quota_us").flatMap(parseInteger), quota > 0,
                              let period = read(folder + "/cpu.cfs_period_us").flatMap(parseInteger), period > 0 else { continue }
                        consider(Double(quota) / Double(period))
                    }
                }
            }
        }
        return tightest
    }

    /// The CPUs in the affinity mask, from the `Cpus_allowed_list:` line of
    /// `/proc/self/status` (`0-3,8,10-11` → 7); nil without one.
    public static func affinity(status: String) -> Int? {
        for line in status.split(separator: "\n") where line.hasPrefix("Cpus_allowed_list:") {
            return cpuListCount(line.dropFirst("Cpus_allowed_list:".count).trimmingSpaces)
        }
        return nil
    }

    /// The CPUs a kernel CPU list names (`0-3,8` → 5), nil when it is malformed or empty.
    static func cpuListCount(_ text: Substring) -> Int? {
        var count = 0
        for part in text.split(separator: ",") {
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
            if bounds.count == 1, Int(bounds[0]) != nil {
                count += 1
            } else if bounds.count == 2, let low = Int(bounds[0]), let high = Int(bounds[1]), low <= high {
                count += high - low + 1
            } else {
                return nil
            }
        }
        return count > 0 ? count : nil
    }

    /// `"150000 100000"` → 1.5; `"max 100000"` → nil.
    static func parseCPUMax(_ text: String) -> Double? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard parts.count >= 1, let quota = Int(parts[0]) else { return nil }
        let period = parts.count >= 2 ? Int(parts[1]) ?? 100_000 : 100_000
        return period > 0 ? Double(quota) / Double(period) : nil
    }

    static func parseInteger(_ text: String) -> Int? {
        Int(text.split(whereSeparator: { $0 == " " || $0 == "\n" }).first ?? "")
    }
}

/// One cgroup hierarchy from `/proc/self/mountinfo`.
struct CgroupMount {
    /// The part of the hierarchy mounted (`/` unless a container mounted a subtree).
    var root: String
    var mountPoint: String
    var isVersion2: Bool
    /// For v1, the controllers from the super options (`rw,cpu,cpuacct` → cpu, cpuacct).
    var controllers: [String]

    /// `36 25 0:31 / /sys/fs/cgroup/cpu rw,nosuid - cgroup cgroup rw,cpu,cpuacct`
    init?(_ line: Substring) {
        let halves = line.split(separator: " - ", maxSplits: 1)
        guard halves.count == 2 else { return nil }
        let before = halves[0].split(separator: " "), after = halves[1].split(separator: " ")
        guard before.count >= 5, after.count >= 3 else { return nil }
        switch after[0] {
        case "cgroup2": isVersion2 = true
        case "cgroup": isVersion2 = false
        default: return nil
        }
        root = Self.unescape(before[3])
        mountPoint = Self.unescape(before[4])
        controllers = after[2].split(separator: ",").map(String.init)
    }

    /// The folders of cgroup `path` and of each ancestor up to the mount, deepest first;
    /// none when the cgroup lies outside the mounted part.
    func folders(for path: String) -> [String] {
        var relative: Substring
        if root == "/" {
            relative = Substring(path)
        } else if path == root || path.hasPrefix(root + "/") {
            relative = path.dropFirst(root.count)
        } else {
            return []
        }
        var parts = relative.split(separator: "/").map(String.init)
        var folders: [String] = []
        while true {
            folders.append(([mountPoint] + parts).joined(separator: "/"))
            guard !parts.isEmpty else { break }
            parts.removeLast()
        }
        return folders
    }

    /// Mountinfo writes space, tab, newline and backslash as `\040`-style octal escapes.
    static func unescape(_ field: Substring) -> String {
        guard field.contains("\\") else { return String(field) }
        var bytes: [UInt8] = []
        let utf8 = Array(field.utf8)
        var i = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "\\"), i + 3 < utf8.count,
               let value = UInt8(String(decoding: utf8[(i + 1)...(i + 3)], as: UTF8.self), radix: 8) {
                bytes.append(value)
                i += 4
            } else {
                bytes.append(utf8[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return text
    }
}
