import HanJulBot
import HanJulCommandLine
import HanJulCore
import HanJulPlay
import HanJulTerminal

/// `hanjul play`'s options, read (`init`: a bad value is refused here) and checked together
/// (`validate`), before anything touches the terminal or the player's files.
struct PlayOptions {
    /// `--versus bot`'s match: the bot, its pace and the games.
    struct Versus: Equatable {
        var bot = BotConfig()
        var botName = "eltetris"
        var pps = 1.0
        var bestOf = 3
    }

    var seed: UInt64?
    var askedASCII: Bool
    var askedUnicode: Bool
    var mods: ModOptions
    /// The match, with `--versus bot`.
    var versus: Versus?
    /// `--bot`, `--pps`, `--best-of` given without `--versus` (refused by `validate`).
    var versusOnly: [Option] = []
    /// `--das`, `--arr`, `--soft-drop`, `--das-cut`: they win over settings.conf, for this run.
    var handling: [(field: HandlingSettings.Field, value: Int)] = []

    init(_ arguments: Arguments) throws(UsageError) {
        seed = try arguments.seed(PlayCommand.seed)
        askedASCII = arguments.flag(PlayCommand.ascii)
        askedUnicode = arguments.flag(PlayCommand.unicode)
        mods = try ModOptions(arguments)
        if let opponent = arguments.value(PlayCommand.versus) {
            versus = try Self.readVersus(arguments, opponent: opponent)
        } else {
            versusOnly = [PlayCommand.versusBot, PlayCommand.versusLevel, PlayCommand.versusPace, PlayCommand.bestOf].filter { arguments.value($0) != nil }
        }
        handling = try Self.readHandling(arguments)
    }

    /// `--das`, `--arr`, `--soft-drop`, `--das-cut` (`PlayCommand.handling`; those of them a
    /// command declares, `declared`), each checked against its range; `hanjul play` and
    /// `hanjul versus` take them alike.
    static func readHandling(_ arguments: Arguments, declared: [Option] = PlayCommand.handling) throws(UsageError)
        -> [(field: HandlingSettings.Field, value: Int)] {
        var handling: [(field: HandlingSettings.Field, value: Int)] = []
        for (field, option) in zip(HandlingSettings.fields, PlayCommand.handling) where declared.contains(where: { $0.name == option.name }) {
            guard let text = arguments.value(option) else { continue }
            switch HandlingSettings.parse(Substring(text), for: field, label: field.option) {
            case .success(let value): handling.append((field, value))
            case .failure(let error): throw UsageError(error.message)
            }
        }
        return handling
    }

    /// The handling given on the command line over the player's settings, for this run.
    static func apply(_ handling: [(field: HandlingSettings.Field, value: Int)], to settings: inout PlayerSettings) {
        for (field, value) in handling { settings.handling[keyPath: field.keyPath] = value }
    }

    /// The options that cannot go together.
    func validate() throws(UsageError) {
        try Self.checkCharacters(ascii: askedASCII, unicode: askedUnicode)
        if let option = versusOnly.first { throw UsageError("\(option.name) goes with --versus bot") }
    }

    /// Whether to draw with ASCII alone: `--ascii`, or a locale that is not UTF-8 without `--unicode`.
    var drawsASCII: Bool { Self.drawsASCII(ascii: askedASCII, unicode: askedUnicode) }

    /// Shared with `hanjul replay`, which takes the same two flags.
    static func drawsASCII(ascii: Bool, unicode: Bool) -> Bool { ascii || !unicode && !LocaleCharset.isUTF8 }

    static func checkCharacters(ascii: Bool, unicode: Bool) throws(UsageError) {
        if ascii && unicode { throw UsageError("give --ascii or --unicode, not both") }
    }

    static func readVersus(_ arguments: Arguments, opponent: String) throws(UsageError) -> Versus {
        guard opponent == "bot" else { throw UsageError("--versus \(opponent): the only opponent here is 'bot'") }
        var versus = Versus()
        var level: BotLevel?
        if let name = arguments.value(PlayCommand.versusBot) {
            let choice = try SimOptions.parseBot(name, option: "--bot")
            choice.apply(to: &versus.bot)
            versus.botName = name
            level = choice.level
        }
        if let text = arguments.value(PlayCommand.versusLevel) {
            guard level == nil else { throw UsageError("give the level once: --bot NAME,LEVEL or --bot-level LEVEL") }
            let chosen = try SimOptions.parseLevel(text, option: "--bot-level")
            chosen.apply(to: &versus.bot)
            versus.botName += "," + chosen.rawValue
            level = chosen
        }
        if let level { versus.pps = level.piecesPerSecond }
        if let text = arguments.value(PlayCommand.versusPace) {
            guard let value = Double(text), value.isFinite, value >= 0.1, value <= 20 else { throw UsageError("--pps \(text): give pieces per second from 0.1 to 20") }
            versus.pps = value
        }
        if let text = arguments.value(PlayCommand.bestOf) {
            guard let value = Int(text), (1...99).contains(value) else { throw UsageError("--best-of \(text): give a number of games from 1 to 99") }
            versus.bestOf = value
        }
        return versus
    }
}
