#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HanJulBench
import HanJulSystem
import HanJulCommandLine
import HanJulFiles
import HanJulSim

/// `hanjul compare --svg-dir DIR`: each chart a figure of its own (`survival.svg`,
/// `scorePerPiece.svg`, …), and a PNG and a PDF of each through rsvg-convert when it is
/// installed: figures to put in a paper one by one.
extension CompareCommand {
    static let svgDir = Option("--svg-dir", value: "DIR",
                               help: "draw each chart as a figure of its own in DIR (made if missing): survival.svg and KEY.svg for each figure "
                                   + "(--figures chooses which), with KEY.png and KEY.pdf beside them when rsvg-convert is installed")

    /// Checks the folder before any game is played.
    static func prepareFigureFolder(_ folder: String) throws(UsageError) {
        do throws(FileError) { try OutputFile.prepareFolder(folder) } catch { throw UsageError("--svg-dir: \(error)") }
    }

    /// Writes the figures into `folder`; returns a line saying what was written.
    static func writeFigures(_ folder: String, comparison: Comparison, tally: ComparisonTally,
                             selection: ComparisonChart.Selection?) throws(UsageError) -> String {
        let parts = ComparisonChart.figures(comparison: comparison, tally: tally, selection: selection)
        let converter = Bench.which("rsvg-convert")
        var problems: [String] = []
        for (key, svg) in parts {
            let path = folder + "/" + key + ".svg"
            do throws(FileError) { try OutputFile.write(Array(svg.utf8), to: path) } catch { throw UsageError("--svg-dir: \(error)") }
            guard let converter else { continue }
            for format in ["png", "pdf"] {
                if let problem = try convert(path, folder: folder, key: key, format: format, converter: converter) {
                    problems.append(problem)
                }
            }
        }
        let names = parts.map(\.key).joined(separator: ", ")
        let formats = converter == nil ? "SVG only: install rsvg-convert (Debian: librsvg2-bin) for PNG and PDF" : "SVG, PNG (2×) and PDF"
        return (["figures in \(CommandLineText.shown(folder)): \(names) (\(formats))"] + problems).joined(separator: "\n")
    }

    /// Renders `svg` as `folder/key.format` with rsvg-convert, through a scratch file in the
    /// folder (so the figure is written as every output file is); a failure is a line.
    static func convert(_ svg: String, folder: String, key: String, format: String, converter: String) throws(UsageError) -> String? {
        let output = folder + "/" + key + "." + format
        let scratch = folder + "/.hanjul-figure-\(SystemProcess.id)." + format
        let log = folder + "/.hanjul-figure-\(SystemProcess.id).log"
        defer { try? FileSystem.remove(scratch) }
        let zoom = format == "png" ? ["-z", "2"] : []
        let (status, message) = Bench.execute(converter, ["-f", format] + zoom + ["-o", scratch, svg], output: log)
        guard status == 0, let bytes = FileManager.default.contents(atPath: scratch) else {
            return "rsvg-convert could not make \(CommandLineText.shown(output)): \(message.split(separator: "\n").first.map(String.init) ?? "status \(status)")"
        }
        do throws(FileError) { try OutputFile.write(Array(bytes), to: output) } catch { throw UsageError("--svg-dir: \(error)") }
        return nil
    }
}
