import HanJulBot
import HanJulCommandLine
import HanJulText

/// A bot as the command line names it (`--bot`, each side of `--versus A:B`): `NAME`, then
/// `,plain` and/or `,LEVEL` (`attack,hard`); or `tbp:COMMAND`, a Tetris Bot Protocol bot
/// run by the shell (docs/TBP.md).
struct BotChoice: Equatable {
    var kind: BotKind
    var plain = false
    var level: BotLevel?
    var command: String?

    /// The choice on `config`: the kind, plain, the command, and the level's search and mistakes.
    func apply(to config: inout BotConfig) {
        config.kind = kind
        config.plain = plain
        config.command = command
        level?.apply(to: &config)
    }
}

extension SimOptions {
    static let levelNames: [String] = BotLevel.allCases.map(\.rawValue)
    static let botLevel = Option("--bot-level", value: "LEVEL", kind: .choice(levelNames),
                                 help: "the bot's strength: \(levelNames.joined(separator: ", ")) (its mistakes, the attack bot's search depth and, "
                                     + "in versus, its pace; README, \"Bot levels\")")

    /// `--bot-level LEVEL`.
    static func parseLevel(_ text: String, option: String) throws(UsageError) -> BotLevel {
        guard let level = BotLevel(rawValue: text) else {
            let names = levelNames
            throw UsageError("\(option) \(CommandLineText.quoted(text)) is not a level (use \(names.joined(separator: ", ")))"
                             + Suggestions.didYouMean(Suggestions.closest(to: text, among: names)))
        }
        return level
    }

    /// A bot as `--bot` names it (see `BotChoice`).
    static func parseBot(_ text: String, option: String) throws(UsageError) -> BotChoice {
        if text.hasPrefix("tbp:") {
            let command = String(text.dropFirst(4))
            guard command.contains(where: { !$0.isWhitespace }) else {
                throw UsageError("\(option) \(CommandLineText.quoted(text)): give the TBP bot's command after tbp:, e.g. tbp:'hanjul bot --tbp'")
            }
            return BotChoice(kind: .tbp, command: command)
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let names = botNames
        guard let kind = BotKind(rawValue: parts[0]), kind != .tbp else {
            throw UsageError("\(option) \(CommandLineText.quoted(text)) is not a bot (use \(names.joined(separator: ", ")), tbp:COMMAND, or list)"
                             + Suggestions.didYouMean(Suggestions.closest(to: parts[0], among: names)))
        }
        var choice = BotChoice(kind: kind)
        for part in parts.dropFirst() {
            if part == "plain" && !choice.plain {
                choice.plain = true
            } else if let level = BotLevel(rawValue: part), choice.level == nil {
                choice.level = level
            } else {
                throw UsageError("\(option) \(CommandLineText.quoted(text)): after the bot's name only ',plain' and a level may follow "
                                 + "(e.g. \(kind.rawValue),plain or attack,hard; levels: \(levelNames.joined(separator: ", ")))")
            }
        }
        return choice
    }

    /// The two bots of `--versus A:B`, where either may be `tbp:COMMAND` (whose command may
    /// hold colons): `tbp:X:tbp:Y` splits at `:tbp:`, `tbp:X:B` at the last colon, `A:B`
    /// and `A:tbp:Y` at the first.
    static func splitPair(_ pair: String) throws(UsageError) -> (String, String) {
        let halves: (Substring, Substring)?
        if pair.hasPrefix("tbp:") {
            let rest = pair.dropFirst(4)
            if let range = rest.firstRange(of: ":tbp:") {
                halves = (pair[..<range.lowerBound], rest[rest.index(after: range.lowerBound)...])
            } else if let colon = rest.lastIndex(of: ":") {
                halves = (pair[..<colon], rest[rest.index(after: colon)...])
            } else {
                halves = nil
            }
        } else if let colon = pair.firstIndex(of: ":") {
            halves = (pair[..<colon], pair[pair.index(after: colon)...])
        } else {
            halves = nil
        }
        guard let halves else {
            throw UsageError("--versus \(CommandLineText.quoted(pair)): give two bots as A:B, e.g. eltetris:attack or 'tbp:hanjul bot --tbp':eltetris")
        }
        return (String(halves.0), String(halves.1))
    }
}
