import HanJulBot
import HanJulCommandLine
import HanJulCore
import HanJulCodec
import HanJulMods
import HanJulSystem
import HanJulTBP

/// `hanjul bot --tbp`: HanJul's bot as a Tetris Bot Protocol bot on standard input and
/// output (`TBPBot`; docs/TBP.md), for any TBP front end, HanJul's own `tbp:` host included.
enum BotCommand {
    static let tbp = Option.flag("--tbp", help: "speak the Tetris Bot Protocol (JSON lines) on standard input and output")
    static let bot = Option("--bot", value: "NAME", kind: .choice(SimOptions.botNames),
                            help: "which of HanJul's bots plays (default eltetris), as sim's --bot takes it (attack,hard)")

    static let declaration: Command = Command(
        "bot", summary: "HanJul's bot as a Tetris Bot Protocol bot on standard input and output",
        synopsis: ["--tbp [--bot NAME] [--bot-level LEVEL] [--mod ID]…"],
        discussion: [
            "Sends info, answers rules with ready (or error unsupported_rules when HanJul's extension names other rules than "
                + "its --mod options), and answers suggest with the move its bot would play from the position start, play and new_piece "
                + "gave. Whatever the front end gets wrong is one line on standard error; the bot goes on. TBP.md in the documentation has the messages.",
        ],
        options: [tbp, bot, SimOptions.botLevel, ModOptions.mod, ModOptions.modsDir])

    /// The host of every `tbp:COMMAND` bot in this process (sim, compare, play); its reply
    /// time from `HANJUL_TBP_TIMEOUT_MS` (100 to 600000; default 10000).
    static func connectHost() {
        var milliseconds = 10_000
        if let text = SystemProcess.environment("HANJUL_TBP_TIMEOUT_MS"), let value = Int(text) {
            milliseconds = Swift.min(Swift.max(value, 100), 600_000)
        }
        let reply = milliseconds
        ExternalPlayers.connect { command in TBPHost(command: command, replyMilliseconds: reply) }
    }

    static func run(_ arguments: Arguments) throws(UsageError) -> ExitStatus {
        guard arguments.flag(tbp) else { throw UsageError("hanjul bot speaks the Tetris Bot Protocol only: give --tbp") }
        var config = BotConfig()
        if let text = arguments.value(bot) {
            let choice = try SimOptions.parseBot(text, option: "--bot")
            guard choice.kind != .tbp else { throw UsageError("--bot: hanjul bot --tbp plays one of HanJul's own bots") }
            choice.apply(to: &config)
        }
        if let text = arguments.value(SimOptions.botLevel) {
            guard config.level == nil else { throw UsageError("give the level once: --bot NAME,LEVEL or --bot-level LEVEL") }
            try SimOptions.parseLevel(text, option: "--bot-level").apply(to: &config)
        }
        let mods = try ModOptions(arguments)
        if mods.isStandard { return serve(TBPBot(rules: StandardRules(), bot: config)) }
        switch mods.loadRules(command: "bot") {
        case .success(let rules): return serve(TBPBot(rules: rules, bot: config))
        case .failure(let error):
            StandardError.write("hanjul bot: \(error)")
            return .loading(error)
        }
    }

    /// Answers the front end until `quit` or the end of input.
    static func serve<R: Rules>(_ server: TBPBot<R>) -> ExitStatus {
        var server = server
        if let why = server.unsupported {
            StandardError.write("hanjul bot: \(why)")
            return .modError
        }
        SystemProcess.ignoreBrokenPipes()
        func send(_ message: JSON) -> Bool {
            guard let bytes = try? message.serialized() else { return false }
            return (try? FileDescriptor.standardOutput.writeAll(bytes + [10])) != nil
        }
        guard send(server.info) else { return .failure }
        var input = LineReader(.standardInput)
        while true {
            let line: LineReader.Line
            do { line = try input.next(within: nil, limit: TBPHost.lineLimit) } catch {
                StandardError.write("hanjul bot: standard input: \(error)")
                return .failure
            }
            switch line {
            case .closed: return .success
            case .timedOut: continue
            case .tooLong:
                StandardError.write("hanjul bot: a line longer than \(TBPHost.lineLimit / 1024) KiB on standard input; stopping")
                return .failure
            case .line(let bytes):
                let (replies, quit) = server.answer(bytes) { StandardError.write("hanjul bot: \($0)") }
                for reply in replies where !send(reply) { return .success }
                if quit { return .success }
            }
        }
    }
}
