import Testing
import HanJulCore
@testable import HanJulRender

/// The two-board versus frame (`hanjul play --versus bot`, a match replay).
@Suite struct VersusLayoutTests {
    static func scene(style: RenderStyle) -> VersusScene {
        let game = Game(rules: StandardRules(), source: .seeded(3))
        let side = VersusSideView(title: "YOU", scene: Scene(state: game.state, hud: HUD(), style: style), incoming: 2,
                                  figures: [VersusFigure("PCS", "0")])
        return VersusScene(sides: [side, side], heading: "YOU 0 : 0 BOT eltetris 1 pps  \u{00B7}  game 1, best of 3",
                           box: ["PAUSED", "", "p resume \u{00B7} q quit"], hint: "p pause \u{00B7} q quit", style: style)
    }

    @Test("under --ascii the heading, the hint and the box are plain ASCII (· as |); in Unicode the · stays")
    func asciiOnly() {
        let ascii = VersusLayout.frame(for: Self.scene(style: .ascii), size: Size(width: 110, height: 30)).text
        #expect(ascii.unicodeScalars.allSatisfy { $0.value < 0x7F }, "\(ascii)")
        #expect(ascii.contains("eltetris 1 pps  |  game 1") && ascii.contains("p pause | q quit"), "\(ascii)")
        let unicode = VersusLayout.frame(for: Self.scene(style: .monochrome), size: Size(width: 110, height: 30)).text
        #expect(unicode.contains("eltetris 1 pps  \u{00B7}  game 1"), "\(unicode)")
    }
}
