import Foundation
import HanJulCore
import HanJulFiles
import HanJulReplay

/// `hanjul run`: one scripted headless game.
enum RunCommand {
    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        var reader = ArgumentReader(arguments)
        let seed = try reader.value("--seed")
        let pieces = try reader.value("--pieces")
        let script = try reader.value("--actions")
        let scriptFile = try reader.value("--actions-file")
        let json = reader.flag("--json")
        let replayPath = try reader.value("--save-replay")
        let mods = try ModOptions(&reader)
        try reader.finish()

        if !mods.isStandard {
            switch mods.loadRules() {
            case .success(let rules):
                return try play(rules, identity: rules.identity, seed: seed, pieces: pieces, script: script,
                                scriptFile: scriptFile, json: json, replayPath: replayPath)
            case .failure(let error):
                // Bad usage still reports as such, before blaming the mod.
                _ = try parseSource(seed: seed, pieces: pieces, in: .standard)
                StandardError.write("hanjul run: \(error)")
                return .modError
            }
        }
        return try play(StandardRules(), identity: .standard, seed: seed, pieces: pieces, script: script,
                        scriptFile: scriptFile, json: json, replayPath: replayPath)
    }

    static func parseSource(seed: String?, pieces: String?, in set: PieceSet) throws(UsageError) -> PieceSource {
        switch (seed, pieces) {
        case (let seed?, nil): return .seeded(try UInt64.parseSeed(seed, option: "--seed"))
        case (nil, let letters?): return .sequence(try parsePieces(letters, in: set))
        case (nil, nil): throw UsageError("give --seed N or --pieces LETTERS")
        case (_?, _?): throw UsageError("give --seed or --pieces, not both")
        }
    }

    static func play<R: Rules>(_ rules: R, identity: RulesIdentity, seed: String?, pieces: String?, script: String?,
                               scriptFile: String?, json: Bool, replayPath: String?) throws(UsageError) -> ExitStatus {
        let source = try parseSource(seed: seed, pieces: pieces, in: rules.pieces)
        let text: String
        switch (script, scriptFile) {
        case (let script?, nil): text = script
        case (nil, let path?): text = try readScript(path)
        case (nil, nil): throw UsageError("give --actions SCRIPT (or --actions-file FILE)")
        case (_?, _?): throw UsageError("give --actions or --actions-file, not both")
        }
        let actions: [Action]
        do { actions = try ActionScript.parse(text, allowing: rules.actions) } catch { throw UsageError(error.description) }

        var game = Game(rules: rules, source: source)
        var recorder = ReplayRecorder(rules: identity, source: source)
        for action in actions {
            game.apply(action)
            if replayPath != nil { recorder.record(action, state: game.state) }
        }
        if let replayPath {
            do throws(FileError) {
                try ReplayFile.write(recorder.finish(game.state), toOutput: replayPath)
            } catch {
                StandardError.write("hanjul run: \(error.playerMessage(saving: "the replay"))")
                return .failure
            }
        }
        print(json ? GameReport.json(game.state, rules: identity) : GameReport.text(game.state, rules: identity))
        if case .over(.ruleError(let error)) = game.state.phase {
            StandardError.write(error.description)
            return .modError
        }
        return .success
    }

    /// Piece letters of `--pieces`, whitespace ignored.
    static func parsePieces(_ letters: String, in set: PieceSet) throws(UsageError) -> [Int] {
        var kinds: [Int] = []
        var position = 0
        for character in letters {
            position += 1
            if character.isWhitespace { continue }
            guard let kind = set.kind(forLetter: character) else {
                let known = set.kinds.map { String($0.letter) }.joined(separator: " ")
                throw UsageError("--pieces: '\(character)' at position \(position) is not a piece letter (use \(known))")
            }
            kinds.append(kind)
        }
        guard !kinds.isEmpty else { throw UsageError("--pieces needs at least one piece letter") }
        return kinds
    }

    private static func readScript(_ path: String) throws(UsageError) -> String {
        let data: Data?
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            data = FileManager.default.contents(atPath: path)
        }
        guard let data else { throw UsageError("--actions-file: cannot read '\(path)'") }
        guard let text = String(data: data, encoding: .utf8) else {
            throw UsageError("--actions-file: '\(path)' is not UTF-8 text")
        }
        return text
    }
}
