import Foundation
import HanJulCore
@testable import HanJulModCheck
@testable import HanJulMods
import Testing

/// docs/hanjul.lua, the editor stubs, names exactly the real API: every game method, hook
/// and manifest field, and the test harness's functions.
@Suite struct StubDriftTests {
    static let stub: String = {
        let url = URL(fileURLWithPath: repositoryMods).deletingLastPathComponent().appendingPathComponent("docs/hanjul.lua")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// Names matching `pattern`'s first capture group, in `text`.
    static func names(_ pattern: String, in text: String) -> Set<String> {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        let range = NSRange(text.startIndex..., in: text)
        return Set(regex.matches(in: text, range: range).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        })
    }

    /// The `---@field` names of `---@class name`, up to the next blank line.
    static func fields(ofClass name: String) -> Set<String> {
        guard let start = stub.range(of: "---@class \(name)\n") else { return [] }
        let block = stub[start.upperBound...].prefix { _ in true }
        let lines = block.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
        return names(#"^---@field ([a-z_0-9]+)\??"#, in: lines.joined(separator: "\n"))
    }

    @Test func everyGameMethodIsStubbed() {
        #expect(!Self.stub.isEmpty, "docs/hanjul.lua is missing")
        let stubbed = Self.names(#"^function Game:([a-z_]+)\("#, in: Self.stub)
        let real = Set(GameAPI.methodNames)
        #expect(real.subtracting(stubbed).sorted() == [], "game methods missing from docs/hanjul.lua")
        #expect(stubbed.subtracting(real).sorted() == [], "docs/hanjul.lua stubs methods the game does not have")
    }

    @Test func everyHookAndManifestFieldIsStubbed() {
        let stubbed = Self.fields(ofClass: "hanjul.Mod")
        let real = Set(Hook.allCases.map(\.rawValue)).union(Hook.dataFields)
        #expect(real.subtracting(stubbed).sorted() == [], "hooks or fields missing from hanjul.Mod in docs/hanjul.lua")
        #expect(stubbed.subtracting(real).sorted() == [], "hanjul.Mod in docs/hanjul.lua has fields a mod may not set")
    }

    @Test func theStandardFunctionsAreStubbed() {
        let stubbed = Self.names(#"^function Standard\.([a-z_]+)\("#, in: Self.stub)
        #expect(stubbed == Set(StandardAPI.functionNames))
    }

    @Test func theTestHarnessIsStubbed() {
        let box = TestSession.Box(Game(rules: try! repositoryRules("standard"), source: .seeded(1)))
        let package = ModPackage(id: "stub", folder: "stub", files: ["mod.lua": []])
        let session = TestSession(package: package, displayFolder: "stub", watchdog: nil, memoryLimit: 1 << 20, clock: TestClock(seconds: 1),
                                  resolver: ModResolver(own: ModCompanion(package: package, displayFolder: "stub"), companions: [], catalog: nil))
        let gameMethods = Set(TestSession.gameMethods(box, session: session).keys)
        // One API: the test game has every read of the game object, plus its own fields.
        #expect(GameAPI.readNames.isSubset(of: Set(GameAPI.methodNames)))
        #expect(gameMethods.isSuperset(of: GameAPI.readNames))
        #expect(Self.fields(ofClass: "hanjul.TestGame : hanjul.Game") == gameMethods.subtracting(GameAPI.readNames))
        let harness = Self.names(#"^function t\.([a-z_]+)\("#, in: ModTestRunner.harnessSource)
        #expect(Self.fields(ofClass: "hanjul.test") == harness)
    }
}
