import HanJulText

/// A mod another mod needs (`requires = { "garbage" }`, or with a version range,
/// `requires = { { "garbage", ">=1.0 <2" } }`): it must be loaded, before the mod that
/// needs it, at a version in the range.
public struct ModDependency: Equatable, Sendable {
    public var id: String
    /// The versions accepted; nil: any.
    public var range: VersionRange?

    public init(id: String, range: VersionRange? = nil) {
        self.id = id
        self.range = range
    }

    /// `garbage` or `garbage >=1.0 <2`.
    public var description: String { id + (range.map { " " + $0.text } ?? "") }
}

/// A version range: comparisons separated by spaces, all of which must hold.
///
/// Each comparison is an operator (`>=`, `>`, `<=`, `<`, `=`; none means `=`) and a
/// version of dotted numbers (`1`, `1.0`, `1.2.3`). Versions compare number by number,
/// a missing number counting as 0 (`1.0` equals `1.0.0`).
///
/// ```
/// ">=1.0"        1.0 and later
/// ">=1.2 <2"     1.2 up to, not including, 2
/// "1.4.0"        exactly 1.4.0
/// ```
public struct VersionRange: Equatable, Sendable {
    enum Operator: String, CaseIterable {
        case atLeast = ">=", atMost = "<=", above = ">", below = "<", equal = "="
    }

    struct Comparison: Equatable {
        var op: Operator
        var version: [Int]
    }

    /// The range as written.
    public let text: String
    let comparisons: [Comparison]

    /// Reads a range; nil with a reason when it is not one.
    public static func parse(_ text: String) -> Result<VersionRange, RangeError> {
        var comparisons: [Comparison] = []
        for word in text.split(whereSeparator: { $0 == " " || $0 == "," }) {
            var rest = Substring(word)
            var op = Operator.equal
            for candidate in Operator.allCases where rest.hasPrefix(candidate.rawValue) {
                op = candidate
                rest = rest.dropFirst(candidate.rawValue.count)
                break
            }
            guard let version = Self.numbers(rest) else {
                return .failure(RangeError(message: "'\(visible(String(word), limit: 40))' is not a comparison like >=1.0 (operators >= > <= < =, versions of dotted numbers)"))
            }
            comparisons.append(Comparison(op: op, version: version))
        }
        guard !comparisons.isEmpty, comparisons.count <= 8 else {
            return .failure(RangeError(message: "a range is 1 to 8 comparisons like \">=1.0 <2\""))
        }
        return .success(VersionRange(text: comparisons.map { $0.op.rawValue + $0.version.map(String.init).joined(separator: ".") }.joined(separator: " "),
                                     comparisons: comparisons))
    }

    /// Why a range did not read.
    public struct RangeError: Error, Equatable, Sendable {
        public var message: String
    }

    /// `1.2.3` as numbers; nil when it is not dotted numbers (at most 8, each below 10^9).
    static func numbers(_ text: Substring) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 8 else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 9, part.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(part) else { return nil }
            numbers.append(number)
        }
        return numbers
    }

    /// Whether `version` is in the range; nil when it is not dotted numbers (it cannot be
    /// compared).
    public func contains(_ version: String) -> Bool? {
        guard let numbers = Self.numbers(Substring(version)) else { return nil }
        return comparisons.allSatisfy { comparison in
            let order = Self.compare(numbers, comparison.version)
            switch comparison.op {
            case .atLeast: return order >= 0
            case .atMost: return order <= 0
            case .above: return order > 0
            case .below: return order < 0
            case .equal: return order == 0
            }
        }
    }

    /// −1, 0 or 1 as `a` is before, equal to or after `b`, missing numbers counting as 0.
    static func compare(_ a: [Int], _ b: [Int]) -> Int {
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : 0, y = index < b.count ? b[index] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }
}

extension LuaRules {
    /// Checks what each of `mods` requires and comes after, in their order: every mod it
    /// requires is loaded before it at a version in the range; every mod it comes after,
    /// when loaded, is before it.
    /// - Throws: `ModLoadError.dependency` naming both mods and the fix.
    static func checkDependencies(_ manifests: [ModManifest]) throws(ModLoadError) {
        let ids = manifests.map(\.id)
        func order(with missing: String, before id: String) -> String {
            var fixed = ids.filter { $0 != missing }
            fixed.insert(missing, at: fixed.firstIndex(of: id) ?? fixed.count)
            return fixed.map { "--mod " + $0 }.joined(separator: " ")
        }
        for (position, manifest) in manifests.enumerated() {
            for dependency in manifest.requires {
                guard let at = ids.firstIndex(of: dependency.id) else {
                    throw .dependency(id: manifest.id, message: "requires mod '\(dependency.description)', which is not loaded: play "
                                      + "\(order(with: dependency.id, before: manifest.id)) (or check it with hanjul check "
                                      + "\(manifest.id) --with \(dependency.id))")
                }
                guard at < position else {
                    throw .dependency(id: manifest.id, message: "requires mod '\(dependency.id)' before it, but '\(dependency.id)' comes "
                                      + "after it: give \(order(with: dependency.id, before: manifest.id))")
                }
                if let range = dependency.range {
                    let version = manifests[at].version
                    switch range.contains(version) {
                    case true?: break
                    case false?:
                        throw .dependency(id: manifest.id, message: "requires mod '\(dependency.id)' at \(range.text), but '\(dependency.id)' "
                                          + "is version \(visible(version, limit: 40)): use a version of '\(dependency.id)' in that range")
                    case nil:
                        throw .dependency(id: manifest.id, message: "requires mod '\(dependency.id)' at \(range.text), but '\(dependency.id)' "
                                          + "has version '\(visible(version, limit: 40))', not dotted numbers, which no range holds")
                    }
                }
            }
            for other in manifest.after {
                if let at = ids.firstIndex(of: other), at > position {
                    throw .dependency(id: manifest.id, message: "must come after mod '\(other)' (its after = { \"\(other)\" }), but "
                                      + "'\(other)' comes after it: give \(order(with: other, before: manifest.id))")
                }
            }
        }
    }
}
