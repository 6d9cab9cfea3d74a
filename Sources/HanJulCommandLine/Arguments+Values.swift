
extension Arguments {
    /// The seed `option` gives (decimal or `0x` hex), or nil when it is absent.
    public func seed(_ option: Option) throws(UsageError) -> UInt64? {
        try value(option).map { (text) throws(UsageError) in try UInt64.parseSeed(text, option: option.name) }
    }

    /// The whole number from 1 to `limit` that `option` gives, or nil when it is absent.
    public func count(_ option: Option, limit: Int) throws(UsageError) -> Int? {
        try value(option).map { (text) throws(UsageError) in try Int.parseCount(text, option: option.name, limit: limit) }
    }
}

extension UInt64 {
    /// A seed written in decimal (or `0x` hex), with a usage error naming the option.
    public static func parseSeed(_ text: String, option: String) throws(UsageError) -> UInt64 {
        let parsed = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
        guard let parsed else {
            throw UsageError("\(option) \(CommandLineText.quoted(text)) is not a seed; give a whole number from 0 to \(UInt64.max)")
        }
        return parsed
    }
}

extension Int {
    /// A whole number from 1 to `limit`, with a usage error naming the option.
    public static func parseCount(_ text: String, option: String, limit: Int) throws(UsageError) -> Int {
        guard let value = Int(text), value >= 1, value <= limit else {
            throw UsageError("\(option) \(CommandLineText.quoted(text)) is not a whole number from 1 to \(limit)")
        }
        return value
    }
}
