import HanJulSystem
import HanJulCore
import HanJulFiles
import HanJulMods
import HanJulPlay
import HanJulPlayerFiles
import HanJulReplay
import HanJulRender

extension PlayCommand {
    /// What the start screen needs from the command line: the mods of the catalog (as
    /// `hanjul mods` lists them), games under chosen mods (quarantine and watchdog as for
    /// `--mod`), replays to watch and verify (as `hanjul replay` does, never `--force`), and
    /// the settings file.
    static func launcher(_ options: ModOptions, paths: AppPaths?) -> Launcher {
        var launcher = menuLauncher(options, paths: paths)
        launcher.saveKeys = { bindings in
            guard let path = paths?.configFile("keys.conf") else { return "no config folder (set HOME): the keys apply until you quit" }
            return KeysFile.save(bindings, to: path)
        }
        launcher.versus = { ids, bot, pps, config, size, now, environment in versusSession(ids, bot: bot, pps: pps, options: options,
                                                                                        config: config, size: size, now: now, environment: environment) }
        return launcher
    }

    static func menuLauncher(_ options: ModOptions, paths: AppPaths?) -> Launcher {
        Launcher(
            mods: {
                let catalog = options.catalog
                let quarantine = HangGuard.quarantine
                return catalog.listing(quarantine: quarantine) { package in
                    HangGuard.watchdog(for: [package], quarantine: quarantine, command: "mods")
                }.compactMap { entry -> ModChoice? in
                    guard entry.shadowedBy == nil else { return nil }
                    if let held = entry.quarantined {
                        return ModChoice(id: entry.id, name: entry.id, version: "", description: "", problem: "quarantined: \(held.refusal)")
                    }
                    guard let manifest = entry.manifest else {
                        return ModChoice(id: entry.id, name: entry.id, version: "", description: "", problem: entry.error ?? "does not load")
                    }
                    return ModChoice(id: manifest.id, name: manifest.name, version: manifest.version, description: manifest.description,
                                     requires: manifest.requires.map(\.id))
                }
            },
            game: { ids, config, size, now, environment in
                if ids.isEmpty {
                    let provider = RulesProvider.standard
                    return .success((PlaySession.game(provider: provider, rules: StandardRules(), config: config, size: size, now: now,
                                                      environment: environment), []))
                }
                var chosen = options
                chosen.ids = ids
                let provider = luaProvider(chosen)
                switch provider.make() {
                case .success(let rules):
                    return .success((PlaySession.game(provider: provider, rules: rules, config: config, size: size, now: now,
                                                      environment: environment), provider.watchedFolders))
                case .failure(let failure):
                    return .failure(failure)
                }
            },
            replay: { path, config, size, now, environment in
                switch openReplay(path, options) {
                case .failure(let failure): return .failure(failure)
                case .success(let opened):
                    switch opened {
                    case .standard(let replay):
                        return .success(PlaySession.replay(replay, provider: .standard, rules: StandardRules(),
                                                           config: config, size: size, now: now, environment: environment))
                    case .mods(let replay, let rules, let loader):
                        return .success(PlaySession.replay(replay, provider: luaProvider(loader, command: "replay"), rules: rules,
                                                           config: config, size: size, now: now, environment: environment))
                    case .versus(let match, let make):
                        return versusReplaySession(match, make: make, config: config, size: size, now: now, environment: environment)
                    }
                }
            },
            verify: { path in
                let verdict: ReplayVerdict
                let actions: Int
                switch openReplay(path, options) {
                case .failure(let failure): return failure.message
                case .success(.standard(let replay)):
                    actions = replay.actions.count
                    verdict = replay.verify(with: Game(rules: StandardRules(), source: replay.source))
                case .success(.versus(let match, .standard)):
                    return ReplayCommand.verdict(of: match) { VersusRules(rules: StandardRules()) }.line
                case .success(.versus(let match, .mods(let make))):
                    return ReplayCommand.verdict(of: match, make: make).line
                case .success(.mods(let replay, let rules, _)):
                    if let first = replay.reloads.first { return "the mods were reloaded during this game (before action \(first + 1)): it cannot be verified" }
                    actions = replay.actions.count
                    verdict = replay.verify(with: Game(rules: rules, source: replay.source))
                }
                switch verdict {
                case .match(_, let final): return "match: \(actions) actions; final score \(final.score), lines \(final.lines)"
                case .diverged(let expected, _): return "DIVERGED at piece \(expected.piecesLocked), action \(expected.action)"
                }
            },
            saveSettings: { settings in
                guard let path = paths?.configFile("settings.conf") else { return "no config folder (set HOME): settings kept for this run only" }
                do throws(FileError) {
                    try writeSettings(settings, to: path)
                    return nil
                } catch {
                    return "could not save the settings to \(error.path): \(error.reason)"
                }
            })
    }

    /// A replay file opened for watching or verifying.
    enum OpenedReplay {
        case standard(Replay)
        case mods(Replay, LuaRules, ModOptions)
        /// A versus match replay (.hjvs) and its rules' factory.
        case versus(VersusReplay, VersusReplayRules)
    }

    /// The replay at `path` (the bytes the Replays page listed: H-5) with the rules it was
    /// recorded under, or why not (one line).
    static func openReplay(_ path: PathBytes, _ options: ModOptions) -> Result<OpenedReplay, RulesFailure> {
        if let opened = openVersusReplay(path, options) { return opened }
        let replay: Replay
        do throws(ReplayFile.ReadError) {
            replay = try ReplayFile.read(path)
        } catch {
            return .failure(RulesFailure("\(error)"))
        }
        if replay.rules.mods.isEmpty {
            guard replay.rules.name == RulesIdentity.standard.name else {
                return .failure(RulesFailure("recorded under rules '\(replay.rules.name)' without a mod list"))
            }
            return .success(.standard(replay))
        }
        var mods = options
        mods.ids = replay.rules.mods.map(\.id)
        switch mods.loadRules(command: "replay") {
        case .failure(let error):
            return .failure(RulesFailure("needs mods \(mods.ids.joined(separator: ", ")): \(error)"))
        case .success(let rules):
            guard rules.identity == replay.rules else {
                return .failure(RulesFailure("the mods differ from those it was recorded with (hanjul replay --force plays it anyway)"))
            }
            return .success(.mods(replay, rules, mods))
        }
    }

    /// Lua rules for `mods`, built afresh for each game, watched for hot reload.
    static func luaProvider(_ mods: ModOptions, command: String = "play") -> RulesProvider<LuaRules> {
        let catalog = mods.catalog
        return RulesProvider<LuaRules>(
            make: {
                switch mods.loadRules(command: command) {
                case .success(let rules): return .success(rules)
                case .failure(let error): return .failure(RulesFailure(error.description))
                }
            },
            identity: { $0.identity },
            modNames: { $0.manifests.map { "\($0.name) \($0.version)" } },
            watchedFolders: mods.ids.compactMap { catalog.searchPath.folder(of: $0) })
    }
}
