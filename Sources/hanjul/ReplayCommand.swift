import HanJulCore
import HanJulMods
import HanJulReplay

/// `hanjul replay --verify FILE`: re-runs a recorded game headlessly and reports a match or
/// the first divergence.
enum ReplayCommand {
    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        var reader = ArgumentReader(arguments)
        let verify = reader.flag("--verify")
        let force = reader.flag("--force")
        var mods = try ModOptions(&reader)
        guard mods.ids.isEmpty else { throw UsageError("a replay names its own mods; --mod does not apply") }
        let files = reader.remainingPositionals()
        try reader.finish()
        guard files.count == 1, let path = files.first else { throw UsageError("give one replay FILE") }
        guard verify else {
            throw UsageError("playing a replay in the terminal is not available yet; use --verify FILE")
        }
        let replay: Replay
        do throws(ReplayFile.ReadError) {
            replay = try ReplayFile.read(path)
        } catch {
            StandardError.write("hanjul replay: \(path): \(error)")
            return .usage
        }
        if replay.rules.mods.isEmpty {
            guard replay.rules.name == RulesIdentity.standard.name || force else {
                StandardError.write("hanjul replay: \(path): recorded under rules '\(replay.rules.name)' without a mod list; refusing (pass --force to try the standard rules)")
                return .failure
            }
            return report(replay.verify(with: Game(rules: StandardRules(), source: replay.source)), replay)
        }
        mods.ids = replay.rules.mods.map(\.id)
        let rules: LuaRules
        switch mods.loadRules(command: "replay") {
        case .success(let loaded): rules = loaded
        case .failure(let error):
            StandardError.write("hanjul replay: \(path) needs mods \(mods.ids.joined(separator: ", ")): \(error)")
            return .modError
        }
        let installed = rules.identity
        if replay.rules != installed {
            let differences = zip(replay.rules.mods, installed.mods).filter { $0 != $1 }.map { recorded, here in
                "\(recorded.id) \(recorded.version) (sha256 \(recorded.sha256.prefix(12))…) was recorded; \(here.id) \(here.version) (sha256 \(here.sha256.prefix(12))…) is installed"
            }
            let message = "\(path): the mods differ from those it was recorded with: " + differences.joined(separator: "; ")
            guard force else {
                StandardError.write("hanjul replay: \(message); refusing (pass --force to try anyway)")
                return .failure
            }
            StandardError.write("hanjul replay: warning: \(message); verifying anyway")
        }
        return report(replay.verify(with: Game(rules: rules, source: replay.source)), replay)
    }

    static func report(_ verdict: ReplayVerdict, _ replay: Replay) -> ExitStatus {
        switch verdict {
        case .match(let checkpoints, let final):
            print("match: \(replay.actions.count) actions, \(checkpoints) checkpoints; final score \(final.score), lines \(final.lines), level \(final.level)\(final.isOver ? ", game over" : "")")
            return .success
        case .diverged(let expected, let actual):
            print("diverged at piece \(expected.piecesLocked), action \(expected.action): expected \(describe(expected)); got \(describe(actual))")
            return .failure
        }
    }

    static func describe(_ c: Checkpoint) -> String {
        "pieces \(c.piecesLocked), score \(c.score), lines \(c.lines), level \(c.level), \(c.isOver ? "over" : "playing"), checksum \(String(c.checksum, radix: 16))"
    }
}
