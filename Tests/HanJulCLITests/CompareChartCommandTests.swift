import Foundation
import Testing

/// `hanjul compare --svg` end to end: the chart renders (rsvg-convert, as a viewer would)
/// and `--figures` chooses what it shows.
@Suite struct CompareChartCommandTests {
    @Test func theChartRendersWithSurvivalCurvesAndEveryFigure() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-chart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("chart.svg").path, png = folder.appendingPathComponent("chart.png").path
        let result = try Hanjul.run(["compare", "--a", "", "--b", "garbage", "--games", "16", "--seed", "1", "--cap", "600", "--svg", svg,
                                     "--mods-dir", SlurmArrayTests.repository.appendingPathComponent("Mods").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("still playing by pieces placed (0…600):"))
        #expect(result.stdout.contains("survival: B tops out sooner"), "\(result.stdout)")
        let chart = try String(contentsOfFile: svg, encoding: .utf8)
        for part in ["survival", "figure-pieces", "figure-scorePerPiece", "figure-toppedOut", "figure-holes", "figure-clears4"] {
            #expect(chart.contains("<g id=\"\(part)\">"), "\(part)")
        }
        let render = try Hanjul.run(["-o", png, svg], executable: URL(fileURLWithPath: "/usr/bin/rsvg-convert"))
        #expect(render.status == 0, "rsvg-convert: \(render.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), "a PNG")
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 1040)
    }

    @Test func figuresChoosesWhatIsDrawn() throws {
        let result = try Hanjul.run(["compare", "--a", "", "--b", "uniform", "--games", "4", "--seed", "1", "--cap", "60",
                                     "--figures", "survival,holes at end", "--svg", "-"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("<svg") && result.stdout.contains("<g id=\"figure-holes\">"))
        #expect(result.stdout.contains("<g id=\"survival\">") && !result.stdout.contains("figure-pieces"))
        #expect(result.stderr.contains("holes at end"), "the text histogram follows --figures: \(result.stderr)")
        let bad = try Hanjul.run(["compare", "--a", "", "--b", "uniform", "--games", "4", "--seed", "1", "--figures", "pieces,fun"])
        #expect(bad.status == 2 && bad.stderr.contains("--figures has no figure 'fun'; use survival, pieces, lines"), "\(bad.stderr)")
    }
}
