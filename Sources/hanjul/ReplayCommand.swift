import HanJulCore
import HanJulReplay

/// `hanjul replay --verify FILE`: re-runs a recorded game headlessly and reports a match or
/// the first divergence.
enum ReplayCommand {
    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        var reader = ArgumentReader(arguments)
        let verify = reader.flag("--verify")
        let force = reader.flag("--force")
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
        let installed = RulesIdentity.standard
        if replay.rules != installed {
            let message = "\(path): recorded under rules '\(replay.rules.name)'"
                + (replay.rules.mods.isEmpty ? "" : " (" + replay.rules.mods.map { "\($0.id) \($0.version) sha256 \($0.sha256.prefix(12))…" }.joined(separator: ", ") + ")")
                + ", which are not the rules installed here ('\(installed.name)')"
            guard force else {
                StandardError.write("hanjul replay: \(message); refusing (pass --force to try anyway)")
                return .failure
            }
            StandardError.write("hanjul replay: warning: \(message); verifying anyway")
        }
        switch replay.verify(with: Game(rules: StandardRules(), source: replay.source)) {
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
