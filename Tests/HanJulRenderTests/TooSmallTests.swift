import Testing
import HanJulCore
@testable import HanJulRender

/// A terminal smaller than the drawing gets a message that fits, whatever its size (T-7).
@Suite struct TooSmallTests {
    static let scene = try! LayoutTests.game(style: .monochrome)

    @Test func twentyByTen() {
        let frame = render(Self.scene, size: Size(width: 20, height: 10))
        #expect(frame.size == Size(width: 20, height: 10))
        #expect(frame.text == screen("""



            terminal too small:
                need 42×22,
                 have 20×10




            """))
    }

    @Test func oneLineWhenItFits() {
        let frame = render(Self.scene, size: Size(width: 80, height: 3))
        #expect(trimmedLines(frame) == ["", "                   terminal too small: need 42×22, have 80×3", ""])
    }

    @Test func oneColumnShortIsTooSmall() {
        let frame = render(Self.scene, size: Size(width: 41, height: 22))
        #expect(trimmedLines(frame)[9] == "           terminal too small:")
        #expect(render(Self.scene, size: Size(width: 42, height: 21)).text.hasPrefix("\n"))
    }

    @Test func oneByOne() {
        #expect(render(Self.scene, size: Size(width: 1, height: 1)).text == "t")
    }

    @Test func zeroByZeroAndNegativeSizes() {
        let frame = render(Self.scene, size: Size(width: 0, height: 0))
        #expect(frame.size == Size(width: 0, height: 0))
        #expect(frame.text == "")
        #expect(render(Self.scene, size: Size(width: -5, height: 3)).size == Size(width: 0, height: 3))
        #expect(render(Self.scene, size: Size(width: Int.max, height: Int.min)).size == Size(width: 65535, height: 0))
    }

    @Test func asciiSpellsTheSizesWithX() {
        var scene = Self.scene
        scene.style = .ascii
        let frame = render(scene, size: Size(width: 60, height: 1))
        #expect(frame.text == "         terminal too small: need 42x22, have 60x1")
    }

    @Test func everySmallSizeRendersWithoutTrapping() {
        for width in 0...44 {
            for height in 0...24 {
                let frame = render(Self.scene, size: Size(width: width, height: height))
                #expect(frame.size == Size(width: width, height: height))
            }
        }
    }
}
