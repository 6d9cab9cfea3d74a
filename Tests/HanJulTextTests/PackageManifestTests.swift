import Foundation
import Testing

/// Package.swift is the map of the layers (docs/ARCHITECTURE.md), so it must say exactly what
/// each target imports: a module imported but not declared builds only by luck of the build
/// order, and a dependency declared but never imported misstates the graph. Executables may
/// be declared by test targets without an import: depending on one makes `swift test` build it.
@Suite struct PackageManifestTests {
    struct Target {
        let name: String
        let kind: String
        let path: String?
        let dependencies: [String]
    }

    static let repository: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// The targets declared in `manifest`: each `.target(`, `.executableTarget(`,
    /// `.testTarget(` or `.systemLibrary(` call, with its `name:`, optional `path:` and the
    /// quoted names of its `dependencies: [...]`.
    static func targets(in manifest: String) -> [Target] {
        let call = #/\.(target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)"/#
        let calls = manifest.matches(of: call)
        return calls.indices.map { index in
            let match = calls[index]
            let end = index + 1 < calls.count ? calls[index + 1].range.lowerBound : manifest.endIndex
            let body = manifest[match.range.upperBound..<end]
            var dependencies: [String] = []
            if let list = body.firstMatch(of: #/dependencies:\s*\[([^\]]*)\]/#) {
                dependencies = list.output.1.matches(of: #/"([^"]+)"/#).map { String($0.output.1) }
            }
            let path = body.firstMatch(of: #/path:\s*"([^"]+)"/#).map { String($0.output.1) }
            return Target(name: String(match.output.2), kind: String(match.output.1), path: path, dependencies: dependencies)
        }
    }

    /// The modules named by `import` lines (`@testable import X`, `import struct X.Y`,
    /// `import X` inside `#if canImport`) in the Swift files under `folder`; `nil` for a C
    /// target, whose dependencies are its `#include`s.
    static func imports(under folder: URL) throws -> Set<String>? {
        let line = #/^\s*(?:@[A-Za-z_]+\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)/#
        var modules: Set<String> = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        if files.isEmpty { return nil }
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for row in text.split(separator: "\n", omittingEmptySubsequences: true) {
                if let match = row.firstMatch(of: line) { modules.insert(String(match.output.1)) }
            }
        }
        return modules
    }

    @Test func theParserReadsEveryKindOfDeclaration() {
        let found = Self.targets(in: """
            .target(name: "A"),
            .target(name: "B", dependencies: ["A", "CLib"],
                    swiftSettings: x),
            .systemLibrary(name: "CLib", pkgConfig: "lib"),
            .executableTarget(name: "tool", dependencies: [
                "B",
            ]),
            .target(name: "Support", path: "Tests/Support"),
            .testTarget(name: "BTests", dependencies: ["B", "tool"]),
            """)
        #expect(found.map(\.name) == ["A", "B", "CLib", "tool", "Support", "BTests"])
        #expect(found.map(\.dependencies) == [[], ["A", "CLib"], [], ["B"], [], ["B", "tool"]])
        #expect(found[4].path == "Tests/Support")
        #expect(found[5].kind == "testTarget")
    }

    @Test func everyTargetDeclaresExactlyTheProjectModulesItImports() throws {
        let manifest = try String(contentsOf: Self.repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = Self.targets(in: manifest)
        #expect(targets.count > 30, "found only \(targets.count) targets in Package.swift")
        let projectModules = Set(targets.map(\.name))
        let executables = Set(targets.filter { $0.kind == "executableTarget" }.map(\.name))
        for target in targets where target.kind != "systemLibrary" {
            let folder = target.path ?? (target.kind == "testTarget" ? "Tests/" : "Sources/") + target.name
            guard let modules = try Self.imports(under: Self.repository.appendingPathComponent(folder)) else { continue }
            let imported = modules.intersection(projectModules)
            var declared = Set(target.dependencies)
            if target.kind == "testTarget" { declared.subtract(executables) }
            let undeclared = imported.subtracting(declared).sorted()
            let unused = declared.subtracting(imported).sorted()
            #expect(undeclared.isEmpty, "\(target.name) imports \(undeclared) without declaring it in Package.swift")
            #expect(unused.isEmpty, "\(target.name) declares \(unused) in Package.swift and never imports it")
        }
    }
}
