import Foundation
import Testing

/// A checklist id cited in a comment (`L-24`, `T-17`, `L-29 b`) must mean something inside
/// the repository: every id cited anywhere in `Sources/` is defined in docs/RELIABILITY.md,
/// as a line `- **ID.** …` of its checklist.
@Suite struct ReliabilityChecklistTests {
    static let repository: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// `L-29 b`, `L-22a`, `T-17`: a family letter, a number, and an optional sub-item
    /// letter; not part of a longer word (`0-(N-1)`, `UTF-8`, `x86-64`).
    static var citation: Regex<(Substring, Substring)> { #/([LTDFHR]-[0-9]+(?:[a-z]\b| [a-z]\b)?)(?![0-9A-Za-z-])/# }

    /// The citations in `text`: matches of ``citation`` not preceded by a word character
    /// (Swift's regexes have no lookbehind).
    static func citations(in text: String) -> [String] {
        text.matches(of: citation).compactMap { match in
            if match.range.lowerBound > text.startIndex {
                let before = text[text.index(before: match.range.lowerBound)]
                if before.isLetter || before.isNumber || before == "_" || before == "-" { return nil }
            }
            return String(match.output.1)
        }
    }

    static func cited() throws -> [String: Set<String>] {
        var ids: [String: Set<String>] = [:]
        let sources = repository.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { ["swift", "c", "h"].contains($0.pathExtension) } ?? []
        #expect(files.count > 50, "found \(files.count) source files under \(sources.path)")
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for id in citations(in: text) {
                ids[id, default: []].insert(file.lastPathComponent)
            }
        }
        return ids
    }

    static func defined() throws -> Set<String> {
        let text = try String(contentsOf: repository.appendingPathComponent("docs/RELIABILITY.md"), encoding: .utf8)
        return Set(text.matches(of: #/(?m)^- \*\*([LTDFHR]-[0-9]+[a-z]?(?: [a-z])?)\.\*\*/#).map { String($0.output.1) })
    }

    @Test func everyIDCitedInSourcesIsDefined() throws {
        let cited = try Self.cited(), defined = try Self.defined()
        #expect(cited.count >= 50, "only \(cited.count) ids cited: is the pattern right?")
        for (id, files) in cited.sorted(by: { $0.key < $1.key }) where !defined.contains(id) {
            Issue.record("\(id) is cited in \(files.sorted().joined(separator: ", ")) but not defined in docs/RELIABILITY.md")
        }
    }

    @Test func theWholeChecklistIsDefined() throws {
        let defined = try Self.defined()
        for (family, last) in [("L", 45), ("T", 21), ("D", 12), ("F", 6), ("H", 8), ("R", 9)] {
            for n in 1...last { #expect(defined.contains("\(family)-\(n)"), "\(family)-\(n) is not defined") }
        }
        #expect(defined.isSuperset(of: ["L-22a", "L-29 a", "L-29 b"]))
    }

    @Test func thePatternFindsCitationsAndNothingElse() {
        let text = "(L-24) T-17, L-29 b; L-22a. D-1, H-3 but not UTF-8, 0-(N-1), x86-64, IL-2, L-2x3"
        #expect(Self.citations(in: text) == ["L-24", "T-17", "L-29 b", "L-22a", "D-1", "H-3"])
    }
}
