import HanJulCore
import HanJulFiles
import HanJulMods
import HanJulPlay
import HanJulRender
import HanJulReplay

/// The Replays page's versus match replays (.hjvs): opened with their rules as
/// `hanjul replay FILE.hjvs` opens them, and refused when the mods differ from those
/// recorded (the page never forces).
extension PlayCommand {
    /// What a match replay is played under.
    enum VersusReplayRules {
        case standard
        /// Each side's rules for one game, from the recorded mods.
        case mods(() throws -> VersusRules<LuaRules>)
    }

    /// The match replay at `path` with its rules, or why not; nil when the file is no match
    /// replay (it is then read as an .hjr).
    static func openVersusReplay(_ path: PathBytes, _ options: ModOptions) -> Result<OpenedReplay, RulesFailure>? {
        guard let bytes = try? SafeFile.read(path, maxBytes: VersusReplay.maxBytes), VersusReplay.looksLike(bytes) else { return nil }
        switch ReplayCommand.versusReplay(bytes, path: path.name.shown) {
        case nil: return nil
        case .failure(let problem)?: return .failure(RulesFailure(problem.message))
        case .success(let match)?:
            if match.mods.isEmpty { return .success(.versus(match, .standard)) }
            let catalog = options.catalog
            let make: () throws -> VersusRules<LuaRules> = {
                let rules = try catalog.rules(match.mods)
                return rules.versusSide
            }
            let installed: [RulesIdentity.Mod]
            do { installed = try make().rules.identity.mods } catch {
                return .failure(RulesFailure("needs mods \(match.mods.joined(separator: ", ")): \(error)"))
            }
            guard ReplayCommand.modDifferences(match, installed: installed) == nil else {
                return .failure(RulesFailure("the mods differ from those it was recorded with (hanjul replay --force plays it anyway)"))
            }
            return .success(.versus(match, .mods(make)))
        }
    }

    /// A session watching `match` on two boards; each next game's sides the session makes.
    static func versusReplaySession(_ match: VersusReplay, make: VersusReplayRules, config: PlayConfig, size: Size, now: UInt64,
                                    environment: PlayEnvironment) -> Result<PlaySession, RulesFailure> {
        switch make {
        case .standard:
            let make = { VersusRules(rules: StandardRules()) }
            return .success(PlaySession.versusReplay(match, first: [make(), make()], make: make, config: config, size: size, now: now,
                                                     environment: environment))
        case .mods(let make):
            do {
                let first = [try make(), try make()]
                return .success(PlaySession.versusReplay(match, first: first, make: make, config: config, size: size, now: now,
                                                         environment: environment))
            } catch {
                return .failure(RulesFailure("the match's mods do not load: \(error)"))
            }
        }
    }
}
