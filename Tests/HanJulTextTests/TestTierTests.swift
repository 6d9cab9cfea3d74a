import Foundation
import Testing

/// The quick tier (`scripts/test --quick`) skips the suites marked `.needsTerminal`,
/// `.needsSlurm` or `.runsLong` (Tests/TestTiers). A suite that starts a pseudo-terminal, a
/// terminal emulator under Xvfb or tmux, or a Slurm cluster without its trait would slip
/// into the quick tier and fail or hang where there is no terminal: this finds it, by what
/// its code uses.
@Suite struct TestTierTests {
    struct Suite {
        let path: String
        let name: String
        let traits: String
        var code: String
    }

    /// What needs a terminal, and what needs Slurm, in a test's code (comments left out).
    /// Word boundaries are simple ones: Unicode's would join `PTYDriver.run` into one word.
    static var needs: [(trait: String, uses: Regex<Substring>)] { [
        ("needsTerminal", #/\bPTYDriver\b|\bGameHarness\.(?:run|isReady)\b|\bProbe\.run\b|\bopenpty\b|\bposix_openpt\b|"Xvfb"|"xdotool"|"tmux"/#.wordBoundaryKind(.simple)),
        ("needsSlurm", #/slurm\/cluster\.sh/#),
    ] }

    /// The suites of `text`: each `@Suite` with its traits and the code up to the next
    /// suite; an `extension Name` adds its code to the suite `Name` of the same file.
    static func suites(in text: String, path: String) -> [Suite] {
        let code = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.drop { $0 == " " }.hasPrefix("//") }.joined(separator: "\n")
        let start = #/^@Suite\b(?<traits>[\s\S]*?)\b(?:struct|final class|class|enum|actor)\s+(?<name>\w+)|^extension\s+(?<extended>\w+)/#
            .anchorsMatchLineEndings().wordBoundaryKind(.simple)
        let matches = code.matches(of: start)
        var suites: [Suite] = []
        for (index, match) in matches.enumerated() {
            let end = index + 1 < matches.count ? matches[index + 1].range.lowerBound : code.endIndex
            let body = String(code[match.range.upperBound..<end])
            if let extended = match.output.extended {
                if let at = suites.firstIndex(where: { $0.name == extended }) { suites[at].code += body }
            } else if let name = match.output.name {
                suites.append(Suite(path: path, name: String(name), traits: String(match.output.traits ?? ""), code: body))
            }
        }
        return suites
    }

    /// The tier traits a suite carries (`.needsTerminal`, `.runsLong`, …).
    static func tiers(of suite: Suite) -> Set<String> {
        Set(suite.traits.matches(of: #/\.(needsTerminal|needsSlurm|runsLong)\b/#.wordBoundaryKind(.simple)).map { String($0.output.1) })
    }

    @Test func theFinderReadsSuitesTheirTraitsAndExtensions() {
        let found = Self.suites(in: """
            // PTYDriver in a comment does not count
            @Suite("in a pseudo-terminal", .serialized, .needsTerminal)
            struct A {
                @Test func f() throws { _ = try PTYDriver.run(x, [], steps: []) }
            }
            @Suite struct B {
                @Test func g() {}
            }
            extension B {
                func h() { _ = try? GameHarness.run([]) }
            }
            """, path: "T.swift")
        #expect(found.map(\.name) == ["A", "B"])
        #expect(found.map { Self.tiers(of: $0) } == [["needsTerminal"], []])
        #expect(found.map { suite in Self.needs.filter { suite.code.contains($0.uses) }.map(\.trait) } == [["needsTerminal"], ["needsTerminal"]])
    }

    @Test func everySuiteThatNeedsATerminalOrSlurmIsMarkedOutOfTheQuickTier() {
        let files = PackageManifestTests.sources(under: "Tests", extensions: ["swift"])
            .filter { !$0.path.hasPrefix("Tests/PTYSupport/") && !$0.path.hasPrefix("Tests/TestTiers/") && !$0.path.hasSuffix("TestTierTests.swift") }
        var marked = 0
        for (path, text) in files {
            for suite in Self.suites(in: text, path: path) {
                let tiers = Self.tiers(of: suite)
                if !tiers.isEmpty { marked += 1 }
                for need in Self.needs where suite.code.contains(need.uses) {
                    #expect(tiers.contains(need.trait), "\(path): suite \(suite.name) needs what its code uses: add .\(need.trait) to its @Suite (import TestTiers) so scripts/test --quick skips it")
                }
            }
        }
        #expect(marked >= 20, "only \(marked) suites are marked out of the quick tier")
    }
}
