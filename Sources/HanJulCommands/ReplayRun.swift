import HanJulCommandLine

/// `hanjul replay`'s options, read (`init`) and checked together (`validate`).
struct ReplayRun {
    var verify: Bool
    var force: Bool
    var askedASCII: Bool
    var askedUnicode: Bool
    var mods: ModOptions
    var file: String

    init(_ arguments: Arguments) throws(UsageError) {
        verify = arguments.flag(ReplayCommand.verify)
        force = arguments.flag(ReplayCommand.force)
        askedASCII = arguments.flag(ReplayCommand.ascii)
        askedUnicode = arguments.flag(ReplayCommand.unicode)
        mods = try ModOptions(arguments, ids: false)
        file = arguments.operands[0]
    }

    /// `-`: the replay comes from standard input.
    var fromInput: Bool { StandardStreams.isStream(file) }

    var drawsASCII: Bool { PlayOptions.drawsASCII(ascii: askedASCII, unicode: askedUnicode) }

    /// The options that cannot go together.
    func validate() throws(UsageError) {
        try PlayOptions.checkCharacters(ascii: askedASCII, unicode: askedUnicode)
        if !verify && fromInput {
            throw UsageError("a replay is watched with the terminal as standard input, so it cannot come from '-'; use --verify - to check one")
        }
    }
}
