import HanJulCore
import HanJulFiles
import HanJulRender
import HanJulTerminal

/// The start screen (`hanjul`, and `hanjul play` without `--seed` or `--mod`), as a value:
/// Play, Modes, Mods, Settings, High scores, Replays, Quit. A game or replay started from it runs
/// on the session's stack, above it; when the player leaves that (`q`), the menu is back.
/// What it lists, starts and saves it asks the session for (`ScreenEffect.ask`): it holds no
/// launcher and no store.
///
/// Keys: ↑↓ or k/j choose, Enter opens, Esc (or Backspace) goes back, q quits (from a
/// page: back to the menu first). Play: ←→ choose Classic or Modern. Modes: Enter plays
/// (MenuScreen+Modes.swift). Mods: Space adds or removes the mod under the cursor
/// (they apply in the order added), Enter plays them (or the one under the cursor).
/// Settings: ←→ or h/l change a value (PgUp/PgDn by ten); its last row opens Keys
/// (MenuScreen+Keys.swift). Replays: Enter watches, v
/// verifies, d twice deletes.
struct MenuScreen: PlayScreen {
    enum Page: Equatable {
        case main
        case modes
        case mods
        case settings
        case scores
        case table(String)
        case replays
        /// Settings → Keys (MenuScreen+Keys.swift).
        case keys
    }

    /// The main menu's items, in order.
    static let items = ["Play", "Modes", "Mods", "Settings", "High scores", "Replays", "Quit"]

    /// The command line's choices (style, colours, key bindings, seed); the player's
    /// settings are applied over them for each game.
    var config: PlayConfig
    var settings: PlayerSettings
    var size: Size
    var page: Page = .main
    var mainCursor = 0
    var modsCursor = 0
    var modesCursor = 0
    var modeRows: [ModeRow] = []
    /// The Modes page's Versus row: the bot and pace chosen (MenuScreen+Modes).
    var versusChoice = 0
    var settingsCursor = 0
    var scoresCursor = 0
    var tableScroll = 0
    var replaysCursor = 0
    var keysPage = KeysPage()
    var mods: [ModChoice] = []
    /// The mods chosen on the Mods page, in the order they apply.
    var selection: [String] = []
    var tables: [String] = []
    /// The entries of the table open on the High scores page.
    var table: [HighScore] = []
    var replays: [ReplayListing] = []
    /// One line at the bottom: what went wrong, a replay's verdict.
    var status: String?
    /// The replay a first `d` asked to delete.
    var pendingDelete: PathBytes?
    var settingsChanged = false
    /// Asks made on the way (the settings saved when leaving a page), handed out before
    /// the input's other effects.
    var asks: [ScreenEffect] = []

    init(config: PlayConfig, settings: PlayerSettings, size: Size) {
        var config = config
        config.quitWord = "menu"
        self.config = config
        self.settings = settings
        self.size = size
    }

    /// The rules Play plays, in words: Classic, Modern, or the mods last played.
    var playLabel: String { GameMode.play.first { $0.mods == settings.mods }?.name ?? settings.mods.joined(separator: " + ") }

    // MARK: - Inputs

    mutating func handle(_ input: PlayInput, at now: UInt64, environment: ScreenEnvironment) -> [ScreenEffect] {
        let effects = react(input, at: now)
        defer { asks = [] }
        return asks + effects
    }

    mutating func react(_ input: PlayInput, at now: UInt64) -> [ScreenEffect] {
        if case .resized(let newSize) = input { size = newSize }
        if case .background(let light) = input {
            // Games and replays started from now on draw for it; a running one hears it too.
            config.noteBackground(light: light)
            config.terminalStyle.lightBackground = light
        }
        switch input {
        case .key(let event):
            if page == .keys { return keysEvent(event) }
            guard event.kind != .release else { return [] }
            return key(event.key, at: now)
        case .resized, .resumed:
            return [.redrawAll]
        case .suspendRequested:
            return [.suspend]
        case .terminate(let signal):
            saveSettingsIfChanged()
            return [.exitBySignal(signal)]
        case .inputClosed:
            saveSettingsIfChanged()
            return [.quit(.inputClosed)]
        case .replayNotSaved(let message):
            status = message
            return []
        case .background:
            return [.redrawAll]
        case .answer(let answer):
            return self.answer(answer)
        case .tick, .keyEvents, .modsChanged, .peer, .peerLost:
            return []
        }
    }

    mutating func key(_ key: Key, at now: UInt64) -> [ScreenEffect] {
        switch key {
        case .control("c"): return quit()
        case .control("z"): return [.suspend]
        case .control("l"): return [.redrawAll]
        default: break
        }
        if key != .character("d") { pendingDelete = nil }
        if key == .escape || key == .backspace {
            back()
            return []
        }
        if key == .character("q") {
            if page == .main { return quit() }
            back()
            back()
            return []
        }
        let up = key == .arrow(.up, []) || key == .character("k")
        let down = key == .arrow(.down, []) || key == .character("j")
        let step = up ? -1 : down ? 1 : 0
        switch page {
        case .main:
            if step != 0 { mainCursor = Self.moved(mainCursor, by: step, count: Self.items.count) }
            if Self.items[mainCursor] == "Play" {
                switch key {
                case .arrow(.left, _), .character("h"): choosePlay(by: -1)
                case .arrow(.right, _), .character("l"): choosePlay(by: 1)
                default: break
                }
            }
            guard key == .enter else { return [] }
            status = nil
            switch Self.items[mainCursor] {
            case "Play": return start(settings.mods)
            case "Modes": return [.ask(.listMods(forModes: true))]
            case "Mods": return [.ask(.listMods(forModes: false))]
            case "Settings": page = .settings
            case "High scores":
                page = .scores
                return [.ask(.listScoresAndReplays)]
            case "Replays":
                page = .replays
                return [.ask(.listScoresAndReplays)]
            default: return quit()
            }
        case .modes:
            return modesKey(key, step: step)
        case .mods:
            if step != 0 { modsCursor = Self.moved(modsCursor, by: step, count: mods.count) }
            guard mods.indices.contains(modsCursor) else { return [] }
            let mod = mods[modsCursor]
            if key == .space || key == .character("x") {
                if let index = selection.firstIndex(of: mod.id) {
                    selection.remove(at: index)
                } else if let problem = mod.problem {
                    status = "\(mod.id) cannot be played: \(problem)"
                } else {
                    select(mod.id)
                }
            } else if key == .enter {
                if selection.isEmpty, let problem = mod.problem {
                    status = "\(mod.id) cannot be played: \(problem)"
                    return []
                }
                return start(selection.isEmpty ? withRequirements(mod.id, after: []).ids : selection)
            }
        case .settings:
            if step != 0 { settingsCursor = Self.moved(settingsCursor, by: step, count: Self.settingRows) }
            if settingsCursor == Self.keysRow {
                if [.enter, .space, .arrow(.right, []), .character("l")].contains(key) { openKeys() }
                return []
            }
            let change: Int
            switch key {
            case .arrow(.left, _), .character("h"), .character("-"): change = -1
            case .arrow(.right, _), .character("l"), .character("+"), .character("="): change = 1
            case .navigation(.pageDown, _): change = -10
            case .navigation(.pageUp, _): change = 10
            case .enter, .space: change = settingsCursor == HandlingSettings.fields.count ? 1 : 0
            default: change = 0
            }
            if change != 0 { adjustSetting(by: change) }
        case .scores:
            if step != 0 { scoresCursor = Self.moved(scoresCursor, by: step, count: tables.count) }
            if key == .enter, tables.indices.contains(scoresCursor) {
                tableScroll = 0
                page = .table(tables[scoresCursor])
                return [.ask(.highScores(key: tables[scoresCursor]))]
            }
        case .table:
            tableScroll = Self.moved(tableScroll, by: step, count: table.count)
        case .keys:
            break // keysEvent has them
        case .replays:
            if step != 0 { replaysCursor = Self.moved(replaysCursor, by: step, count: replays.count) }
            guard replays.indices.contains(replaysCursor) else { return [] }
            let listing = replays[replaysCursor]
            switch key {
            case .enter:
                return [.ask(.openReplay(listing.path, config: config.with(settings), size: size))]
            case .character("v"):
                return [.ask(.verifyReplay(listing.path))]
            case .character("d"):
                let name = listing.path.name.shown(asciiOnly: config.style.isASCII)
                if pendingDelete == listing.path {
                    pendingDelete = nil
                    // Said unless the answer says why not; the list read again after.
                    status = "deleted \(name)"
                    return [.ask(.deleteReplay(listing.path)), .ask(.listScoresAndReplays)]
                } else {
                    pendingDelete = listing.path
                    status = "press d again to delete \(name)"
                }
            default: break
            }
        }
        return []
    }

    static func moved(_ cursor: Int, by step: Int, count: Int) -> Int {
        guard count > 0 else { return 0 }
        return min(max(cursor + step, 0), count - 1)
    }

    /// Esc: one page up.
    mutating func back() {
        status = nil
        switch page {
        case .main: break
        case .table: page = .scores
        case .keys: page = .settings
        case .settings:
            saveSettingsIfChanged()
            page = .main
        default: page = .main
        }
    }

    mutating func quit() -> [ScreenEffect] {
        saveSettingsIfChanged()
        return [.quit(.quit)]
    }

    /// Adds `id` to the selection, after the mods it requires (added first, each after its
    /// own, when not chosen yet); the status line says what was added.
    mutating func select(_ id: String) {
        let (ids, added) = withRequirements(id, after: selection)
        selection = ids
        if !added.isEmpty {
            status = "added \(added.joined(separator: ", ")) before \(id): \(id) requires \(added.count == 1 ? "it" : "them")"
        }
    }

    /// `chosen` then `id`, with the mods `id` requires (and theirs) that `chosen` lacks put
    /// before it; `added` lists those.
    func withRequirements(_ id: String, after chosen: [String]) -> (ids: [String], added: [String]) {
        var ids = chosen, added: [String] = []
        func add(_ id: String, depth: Int) {
            guard !ids.contains(id), depth < 16 else { return }
            for required in mods.first(where: { $0.id == id })?.requires ?? [] where !ids.contains(required) {
                add(required, depth: depth + 1)
                if ids.contains(required) { added.append(required) }
            }
            ids.append(id)
        }
        add(id, depth: 0)
        return (ids, added)
    }

    /// Asks for a game under `ids` (empty: the standard game) above the menu; unless a
    /// mode (`remember` false), Play plays these next time (kept in the settings file).
    func start(_ ids: [String], remember: Bool = true) -> [ScreenEffect] {
        [.ask(.startGame(ids: ids, config: config.with(settings), size: size, remember: remember))]
    }

    mutating func saveSettingsIfChanged() {
        guard settingsChanged else { return }
        settingsChanged = false
        asks.append(.ask(.saveSettings(settings)))
    }

    /// What the session did for the menu's asks.
    mutating func answer(_ answer: PlayAnswer) -> [ScreenEffect] {
        switch answer {
        case .gameStarted(let ids, let remember, .success(let watched)):
            status = nil
            if remember, settings.mods != ids {
                settings.mods = ids
                settingsChanged = true
                saveSettingsIfChanged()
            }
            return [.colors(config.with(settings).colorMode), .watch(watched), .redrawAll]
        case .gameStarted(_, _, .failure(let failure)):
            status = failure.message
        case .replayOpened(nil), .versusStarted(nil):
            status = nil
            return [.colors(config.with(settings).colorMode), .redrawAll]
        case .replayOpened(let failure?), .versusStarted(let failure?):
            status = failure.message
        case .replayVerified(let verdict):
            status = verdict
        case .replayDeleted(let problem), .settingsSaved(let problem), .keysSaved(let problem):
            if let problem { status = problem }
        case .modsListed(let found, let forModes):
            mods = found
            if forModes {
                showModes()
                return modeRows.compactMap(\.key).map { .ask(.highScores(key: $0)) }
            }
            modsCursor = min(modsCursor, max(mods.count - 1, 0))
            page = .mods
        case .highScores(let key, let entries):
            if page == .table(key) { table = entries }
            for index in modeRows.indices where modeRows[index].key == key {
                modeRows[index].best = entries.first.map { $0.resultText ?? "\($0.score) points" }
            }
        case .scoresAndReplaysListed(let keys, let listed, let name):
            // A name typed at a game's end is in settings.conf already; keep it on the next save.
            if let name { settings.name = name }
            tables = keys
            replays = listed
            scoresCursor = min(scoresCursor, max(tables.count - 1, 0))
            replaysCursor = min(replaysCursor, max(replays.count - 1, 0))
        default:
            break
        }
        return []
    }

    // MARK: - Settings

    /// The handling settings, then ghost, preview, palette and the row opening Keys.
    static var settingRows: Int { HandlingSettings.fields.count + 4 }
    static var keysRow: Int { HandlingSettings.fields.count + 3 }

    mutating func adjustSetting(by change: Int) {
        let fields = HandlingSettings.fields
        if settingsCursor < fields.count {
            let field = fields[settingsCursor]
            let value = settings.handling[keyPath: field.keyPath]
            settings.handling[keyPath: field.keyPath] = min(max(value + change, field.range.lowerBound), field.range.upperBound)
        } else if settingsCursor == fields.count {
            settings.ghost.toggle()
        } else if settingsCursor == fields.count + 1 {
            settings.preview = min(max(settings.preview + change, 0), Scene.maxPreview)
        } else {
            settings.palette = settings.palette.moved(by: change)
        }
        settingsChanged = true
    }

    func deadline() -> UInt64? { nil }

    /// Back from a game or replay: a replay watched from the list goes back to the list
    /// (D11), anything else to the main menu; the tables and replays are read again.
    mutating func closed(above now: UInt64, environment: ScreenEnvironment) -> [ScreenEffect] {
        if case .replays = page {} else { page = .main }
        return [.ask(.listScoresAndReplays), .watch([]), .redrawAll]
    }
}
