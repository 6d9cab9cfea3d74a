import HanJulCore
@testable import HanJulRender
import Testing

/// What gives way in a short terminal: a modern race (hold, five previews, the rows above
/// the field, two mods, the statistics) at 80×24 keeps its statistics beside the board and
/// shows fewer previews; a tall terminal shows everything.
@Suite struct ShortTerminalTests {
    static func race() throws -> Scene {
        var scene = try standardScene(next: "IOTSZ", hud: HUD(millisecondsPerRow: 1000, mods: ["Guideline 1.1.0", "Sprint 1.2.0"]))
        scene.rowsAbove = Scene.spawnRows
        scene.hold = .some(nil)
        scene.statistics = PlayStatistics()
        return scene
    }

    @Test func theStatisticsStayAndThePreviewShortensAt80x24() throws {
        let scene = try Self.race()
        #expect(Layout.requiredSize(for: scene).height > 24, "the whole race does not fit 24 rows")
        let lines = trimmedLines(Layout.frame(for: scene, size: Size(width: 80, height: 24)))
        #expect(lines.contains { $0.contains("PIECES") } && lines.contains { $0.contains("FINESSE") }, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.hasSuffix("Guideline+Sprint") }, "the mods share one line, without versions: \(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("SCORE") } && lines.contains { $0.contains("NEXT") })
    }

    @Test func aTallTerminalShowsEveryPreviewAndEveryMod() throws {
        let scene = try Self.race()
        let size = Layout.requiredSize(for: scene)
        let lines = trimmedLines(Layout.frame(for: scene, size: Size(width: 80, height: size.height)))
        #expect(lines.contains { $0.contains("PIECES") })
        #expect(lines.contains { $0.hasSuffix("Guideline 1.1.0") } && lines.contains { $0.hasSuffix("Sprint 1.2.0") }, "\(lines.joined(separator: "\n"))")
    }

    @Test func aNarrowTerminalDropsTheStatisticsBeforeAnyPreview() throws {
        let scene = try Self.race()
        var plain = scene
        plain.statistics = nil
        let need = Layout.requiredSize(for: plain)
        let lines = trimmedLines(Layout.frame(for: scene, size: Size(width: need.width, height: need.height)))
        #expect(!lines.contains { $0.contains("PIECES") }, "too narrow for the statistics column")
        #expect(lines.contains { $0.hasSuffix("Sprint 1.2.0") }, "everything else shows: \(lines.joined(separator: "\n"))")
    }
}
