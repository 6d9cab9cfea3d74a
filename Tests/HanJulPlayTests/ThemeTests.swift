import HanJulCore
@testable import HanJulPlay
@testable import HanJulPlayerFiles
import HanJulRender
import HanJulTerminal
import PTYSupport
import TestTiers
import Testing

/// D6 and D7 (issue 21): cells drawn solid (coloured backgrounds), and colours that read on
/// a light terminal, chosen from the terminal's answer to OSC 11.
@Suite("light backgrounds and solid cells")
struct ThemeTests {
    static let white = Array("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\".utf8)
    static let whiteBell = Array("\u{1B}]11;rgb:ffff/ffff/ffff\u{07}".utf8)
    static let dark = Array("\u{1B}]11;rgb:1e1e/1e1e/2e2e\u{07}".utf8)

    @Test("the OSC 11 answer split at every byte gives its colour once and no key; keys around it come through")
    func replySplitEverywhere() {
        for (reply, light) in [(Self.white, true), (Self.whiteBell, true), (Self.dark, false)] {
            let bytes = Array("a".utf8) + reply + Array("c".utf8)
            for cut in 0...bytes.count {
                for second in cut...bytes.count {
                    var decoder = KeyDecoder()
                    let events = decoder.feedEvents(bytes[..<cut]) + decoder.feedEvents(bytes[cut..<second]) + decoder.feedEvents(bytes[second...])
                    let keys = events.compactMap { if case .key(let key) = $0 { key.key } else { nil } }
                    #expect(keys == [.character("a"), .character("c")], "cut at \(cut), \(second): \(events)")
                    let colours = events.compactMap { event -> Bool? in
                        if case .background(let r, let g, let b) = event { Theme.isLight(red: r, green: g, blue: b) } else { nil }
                    }
                    #expect(colours == [light], "cut at \(cut), \(second): \(events)")
                }
            }
        }
    }

    @Test("light or dark by the colour's lightness")
    func lightness() {
        #expect(Theme.isLight(red: 255, green: 255, blue: 255))
        #expect(Theme.isLight(red: 0xFD, green: 0xF6, blue: 0xE3), "Solarized light")
        #expect(!Theme.isLight(red: 0, green: 0, blue: 0))
        #expect(!Theme.isLight(red: 0x00, green: 0x2B, blue: 0x36), "Solarized dark")
        #expect(!Theme.isLight(red: 0x1E, green: 0x1E, blue: 0x2E))
    }

    /// The standard game's frame with `style`.
    static func frame(_ style: RenderStyle) throws -> Frame {
        var game = Game(rules: StandardRules(), source: .sequence([1, 0, 2, 3, 4, 5, 6]))
        game.apply(.hardDrop)   // an O on the floor
        let scene = Scene(state: game.state, hud: HUD(state: game.state, millisecondsPerRow: 700), style: style)
        return Layout.frame(for: scene, size: Size(width: 80, height: 24))
    }

    @Test("in colour every filled cell is a space on its colour (solid in any font); monochrome and ASCII keep []")
    func solidCells() throws {
        let color = try Self.frame(.color)
        let filled = color.cells.filter { $0.background != .default }
        #expect(filled.count >= 2 * (4 + 4 + 4) && filled.count % 2 == 0, "the O, the I in play, the previews: \(filled.count)")
        #expect(filled.allSatisfy { $0.text == " " })
        #expect(!color.text.contains("█"))
        for style in [RenderStyle.monochrome, .ascii, .asciiColor] {
            let frame = try Self.frame(style)
            #expect(frame.cells.allSatisfy { $0.background == .default }, "\(style)")
            #expect(frame.text.contains("[][][][]"), "\(style): \(frame.text)")
        }
        // What the terminal is sent: background colours, in every colour mode.
        for (mode, code) in [(ColorMode.trueColor, "48;"), (.palette256, "48;5;"), (.palette16, "10")] {
            let text = String(decoding: TerminalWriter(colorMode: mode).bytes(from: nil, to: color), as: UTF8.self)
            #expect(text.contains("\u{1B}[" + code) || text.contains(";" + code), "\(mode)")
        }
    }

    @Test("on a light background: no piece colour lighter than 150 of 255, labels and borders dark grey, empty dots light grey; dark unchanged")
    func lightColours() throws {
        let dark = try Self.frame(.color), light = try Self.frame(RenderStyle.color.on(lightBackground: true))
        let oColor = Color.rgb(PieceSet.standard.kinds[1].color)
        #expect(dark.cells.contains { $0.background == oColor }, "the O as the set gives it, on dark")
        #expect(!light.cells.contains { $0.background == oColor })
        #expect(light.cells.contains { $0.background == oColor.readableOnLight() })
        #expect(oColor.lightness > 190 && oColor.readableOnLight().lightness <= Color.lightestOnLight)
        for cell in light.cells where cell.background != .default {
            #expect(cell.background.lightness <= Color.lightestOnLight, "\(cell.background)")
        }
        let label = light.lines.firstIndex { $0.contains("SCORE") }!
        let column = light.lines[label].distance(from: light.lines[label].startIndex, to: light.lines[label].range(of: "SCORE")!.lowerBound)
        #expect(light[column, label].foreground == .rgb(0x3A3A3A))
        #expect(dark[column, label].foreground == .rgb(0x9E9E9E))
        #expect(light.cells.contains { $0.text == "." && $0.foreground == .rgb(0xBCBCBC) })
        // The ghost (░) on a light background: the darkened colour at 60 %.
        #expect(light.cells.contains { $0.text == "░" && $0.foreground.lightness < 100 })
    }

    @Test("16 colours on white: every kind a different entry, none of bright yellow, bright cyan, white or light grey; the O normal yellow")
    func palette16OnWhite() {
        let colors = PieceSet.standard.kinds.map(\.color)
        let light = ColorQuantization.distinctPalette16(colors, light: true)
        #expect(Set(light).count == colors.count, "\(light)")
        #expect(light.allSatisfy { ![7, 11, 14, 15].contains($0) }, "\(light)")
        #expect(light[1] == 3, "the O: \(light)")
        #expect(ColorQuantization.distinctPalette16(colors) == [14, 11, 13, 10, 9, 12, 3], "dark as before")
        // 14 colours (a mod's big set) still all different on white: 12 entries, then nearest.
        let many: [UInt32] = (0..<14).map { UInt32($0) * 0x112233 & 0xFFFFFF | 0x400000 }
        #expect(ColorQuantization.distinctPalette16(many, light: true).count == 14)
    }

    @Test("a game told the background is light draws for it (a redraw), unless settings.conf fixes the theme")
    func gameFollowsTheTerminal() throws {
        let provider = RulesProvider<StandardRules>(make: { .success(StandardRules()) }, identity: { _ in .standard })
        for theme in [Theme.auto, .dark, .light] {
            var settings = PlayerSettings()
            settings.theme = theme
            let config = PlayConfig(seed: 1, style: .color, colorMode: .palette16).with(settings)
            let session = PlaySession.game(provider: provider, rules: StandardRules(), config: config, size: Size(width: 80, height: 24),
                                           reportsReleases: true, now: 0, environment: ManualClock.environment(MemoryStore()))
            var clock = ManualClock(session: session, store: MemoryStore())
            let before = clock.session.frame
            let effects = clock.at(10, .background(light: true))
            let after = clock.session.frame
            let labelsDark = after.cells.contains { $0.foreground == .rgb(0x3A3A3A) }
            #expect(labelsDark == (theme != .dark), "\(theme)")
            #expect((before == after) == (theme != .auto), "\(theme): redrawn only when it follows the terminal")
            if theme == .auto { #expect(effects.contains(.redrawAll)) }
            let kinds = clock.game.kindColors ?? []
            #expect(kinds.contains(ColorQuantization.palette16Representative(11)) == (theme == .dark), "\(theme): \(kinds)")
        }
    }

    @Test("settings.conf theme: auto, dark or light; anything else a clear error")
    func settingsLine() throws {
        #expect(try PlayerSettings.parse("theme = light\n", path: "s").theme == .light)
        #expect(try PlayerSettings.parse("", path: "s").theme == .auto)
        #expect(throws: PlayerSettings.ParseError.self) { try PlayerSettings.parse("theme = pink\n", path: "s") }
        var settings = PlayerSettings()
        settings.theme = .dark
        #expect(try PlayerSettings.parse(settings.fileText, path: "s") == settings)
        #expect(settings.fileText.contains("theme = dark"))
    }
}

/// The real `hanjul` in a pseudo-terminal that answers OSC 11.
@Suite("light background in a pseudo-terminal", .serialized, .enabled(if: GameHarness.isReady, GameHarness.notReady), .needsTerminal)
struct ThemePTYTests {
    @Test("asked at start-up, a white background answered: the game redraws with dark labels; unanswered, it stays dark; no key from the answer")
    func answersTheQuery() throws {
        for background in ["rgb:ffff/ffff/ffff", nil] {
            let home = try GameHarness.Home()
            defer { home.remove() }
            let run = try GameHarness.run(["play", "--seed", "7"], home: home, environment: ["COLORTERM=truecolor"], answer: .da1,
                                          background: background, steps: [
                .wait("SCORE", from: "start"), .settle(), .pump(0.3), .send("q"), .exit(),
            ])
            expectBaseline(run)
            #expect(run.exit == .exited(0), "status \(run.status)")
            let output = run.outputText
            #expect(output.contains("\u{1B}]11;?\u{07}"), "the query was sent")
            // Labels: 0x3A3A3A is entry 237 of the 256 colours; the dark grey 0x9E9E9E is 247.
            #expect(output.contains("38;5;237m") == (background != nil), "\(background ?? "no answer")")
            #expect(output.contains("38;5;247m"), "the first frame, before the answer, is drawn dark")
            #expect(home.savedReplays().isEmpty, "no key reached the game (nothing to save)")
        }
    }
}
