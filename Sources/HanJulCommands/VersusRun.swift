import HanJulCommandLine
import HanJulPlay
import HanJulSystem

/// `hanjul versus`'s options, read (`init`) and checked together (`validate`).
struct VersusRun {
    /// Where to listen or connect; nil when both `--host` and `--join`, or neither, are given.
    var role: VersusCommand.Role?
    var hosts: Bool
    var joins: Bool
    /// The host's: games in the match and the match seed (nil when joining).
    var games: Int?
    var matchSeed: UInt64?
    /// `--best-of` or `--seed` given when joining (refused by `validate`).
    var hostsChoices: [String] = []
    var mods: ModOptions
    /// `--das`, `--arr`, `--soft-drop`, `--das-cut`: over settings.conf for this match, as in hanjul play.
    var handling: [(field: HandlingSettings.Field, value: Int)] = []

    init(_ arguments: Arguments) throws(UsageError) {
        let hostText = arguments.value(VersusCommand.host), joinText = arguments.value(VersusCommand.join)
        (hosts, joins) = (hostText != nil, joinText != nil)
        switch (hostText, joinText) {
        case (let text?, nil): role = .host(try VersusCommand.address(text, option: "--host", hostDefault: true))
        case (nil, let text?): role = .join(try VersusCommand.address(text, option: "--join", hostDefault: false))
        default: role = nil
        }
        if case .join = role {
            hostsChoices = [VersusCommand.bestOf, VersusCommand.seed].filter { arguments.value($0) != nil }.map(\.name)
        } else if case .host = role {
            if let text = arguments.value(VersusCommand.bestOf) {
                guard let value = Int(text), (1...99).contains(value), value % 2 == 1 else {
                    throw UsageError("--best-of \(CommandLineText.quoted(text)) is not an odd number from 1 to 99")
                }
                games = value
            }
            matchSeed = try arguments.seed(VersusCommand.seed) ?? SystemClock.realtime.nanoseconds()
        }
        // No --mod: the modern game with the Guideline attack table, on both sides alike.
        mods = try ModOptions(arguments).forVersus
        handling = try PlayOptions.readHandling(arguments, declared: VersusCommand.handling)
    }

    /// The options that cannot go together.
    func validate() throws(UsageError) {
        if hosts && joins { throw UsageError("give --host or --join, not both") }
        if !hosts && !joins { throw UsageError("give --host [ADDR:]PORT to wait for a player, or --join ADDR:PORT to play one") }
        if let choice = hostsChoices.first { throw UsageError("\(choice) is the host's to choose") }
    }
}
