import HanJulCommandLine
import HanJulModCheck

/// `hanjul check`'s options, read (`init`) and checked together (`validate`).
struct CheckRun {
    var mods: ModOptions
    var id: String
    var checkOptions = ModChecker.Options()
    var record: String?
    var recordPieces: Int?
    var withIDs: [String]
    var json: Bool

    init(_ arguments: Arguments) throws(UsageError) {
        mods = try ModOptions(arguments, ids: false)
        id = arguments.operands[0]
        if let n = try arguments.count(CheckCommand.games, limit: 10_000) { checkOptions.fuzzGames = n }
        if let n = try arguments.count(CheckCommand.fuzzActions, limit: 100_000) { checkOptions.fuzzActions = n }
        if let first = try arguments.seed(CheckCommand.seed) { checkOptions.firstSeed = first }
        checkOptions.modsDirs = mods.extraFolders
        record = arguments.value(CheckCommand.record)
        recordPieces = try arguments.count(CheckCommand.cap, limit: 10_000)
        withIDs = arguments.values(CheckCommand.with)
        json = arguments.flag(CheckCommand.json)
    }

    /// The options that cannot go together.
    func validate() throws(UsageError) {
        guard recordPieces == nil || record != nil else { throw UsageError("--cap goes with --record FILE") }
        guard !json || record == nil else { throw UsageError("--json reports the checks; --record records a replay instead: give one") }
        for other in withIDs where other.isEmpty { throw UsageError("--with needs a mod id") }
        if withIDs.contains(id) { throw UsageError("--with \(id): that is the mod being checked; give the other mods") }
    }
}
