/// Reads `--name value`, `--name=value` and `--flag` options, in any order.
struct ArgumentReader {
    private var remaining: [String]

    init(_ arguments: [String]) { remaining = arguments }

    /// The value of a single-valued option, or `nil` when absent.
    mutating func value(_ name: String) throws(UsageError) -> String? {
        let all = try values(name)
        guard all.count <= 1 else { throw UsageError("\(name) is given \(all.count) times; give it once") }
        return all.first
    }

    /// Every value of a repeatable option, in order.
    mutating func values(_ name: String) throws(UsageError) -> [String] {
        var found: [String] = []
        var index = 0
        while index < remaining.count {
            let argument = remaining[index]
            if argument == name {
                guard index + 1 < remaining.count else { throw UsageError("\(name) needs a value") }
                found.append(remaining[index + 1])
                remaining.removeSubrange(index...(index + 1))
            } else if argument.hasPrefix(name + "=") {
                found.append(String(argument.dropFirst(name.count + 1)))
                remaining.remove(at: index)
            } else {
                index += 1
            }
        }
        return found
    }

    /// Whether a flag is present (and removes it).
    mutating func flag(_ name: String) -> Bool {
        guard remaining.contains(name) else { return false }
        remaining.removeAll { $0 == name }
        return true
    }

    /// Takes the arguments that are not options (call after reading every option).
    mutating func remainingPositionals() -> [String] {
        let positionals = remaining.filter { !$0.hasPrefix("-") || $0 == "-" }
        remaining.removeAll { !$0.hasPrefix("-") || $0 == "-" }
        return positionals
    }

    /// Fails on anything not consumed.
    func finish() throws(UsageError) {
        guard let first = remaining.first else { return }
        throw UsageError(first.hasPrefix("-") ? "unknown option \(first)" : "unexpected argument '\(first)'")
    }
}

extension UInt64 {
    /// A seed written in decimal (or `0x` hex), with a usage error naming the option.
    static func parseSeed(_ text: String, option: String) throws(UsageError) -> UInt64 {
        let parsed = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
        guard let parsed else {
            throw UsageError("\(option) '\(text)' is not a seed; give a whole number from 0 to \(UInt64.max)")
        }
        return parsed
    }
}

extension ArgumentReader {
    /// Everything not consumed yet (positional arguments), consuming it.
    mutating func remainingArguments() -> [String] {
        let rest = remaining
        self = ArgumentReader([])
        return rest
    }
}
