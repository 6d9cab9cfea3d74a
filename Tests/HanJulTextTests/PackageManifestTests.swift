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

    /// The files under `folder` (Swift and C) with their text, relative paths first.
    static func sources(under folder: String, extensions: Set<String>) -> [(path: String, text: String)] {
        let root = repository.appendingPathComponent(folder)
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { extensions.contains($0.pathExtension) } ?? []
        return files.compactMap { file in
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
            return (String(file.path.dropFirst(repository.path.count + 1)), text)
        }
    }

    /// The system layer (issue #23): the C library is imported in HanJulSystem only, and
    /// the pure targets import no system module at all.
    @Test func onlyTheSystemTargetImportsTheCLibrary() {
        let library = #/^\s*(?:(?:@[A-Za-z_]+|public|package|internal|fileprivate|private)\s+)*import\s+(Glibc|Musl|Darwin|Foundation)\b/#
        let sources = Self.sources(under: "Sources", extensions: ["swift"])
        #expect(sources.count > 100)
        for (path, text) in sources where path.hasPrefix("Sources/HanJulSystem/") {
            // Not re-exported: the other targets see HanJulSystem's functions, not the C library.
            #expect(!text.contains("@_exported"), "\(path) re-exports a module: HanJulSystem's C library stays inside it")
            // And imported `internal`: no C type shows in HanJulSystem's public interface.
            for row in text.split(separator: "\n") where row.firstMatch(of: library) != nil {
                #expect(row.drop { $0 == " " }.hasPrefix("internal import "), "\(path): \(row): import the C library as `internal import`")
            }
        }
        for (path, text) in sources where !path.hasPrefix("Sources/HanJulSystem/") {
            for row in text.split(separator: "\n") {
                guard let match = row.firstMatch(of: library) else { continue }
                let module = match.output.1
                #expect(module == "Foundation", "\(path) imports \(module): import HanJulSystem instead")
                #expect(!path.hasPrefix("Sources/HanJulCore/"), "\(path): the engine imports nothing")
            }
        }
    }

    /// A direct call into the C library: a system call or libc function by name (one not
    /// called through a dot, which would be a method), a descriptor or file-mode constant,
    /// `environ`, or `HanJulSystem.open`/`read`/`write`/`close` (Glibc's, reached through
    /// the module).
    static var cLibraryUse: Regex<Substring> {
        let calls = "lstat|stat|fstat|fstatat|ftruncate|fsync|fdatasync|lseek|renameat|unlink|unlinkat|mkdir|rmdir|"
            + "opendir|fdopendir|readdir|closedir|readlink|realpath|symlink|access|chmod|fchmod|flock|fcntl|ioctl|"
            + "dup|dup2|pipe|poll|socket|setsockopt|getsockopt|kill|signal|sigaction|getpid|getppid|getuid|geteuid|"
            + "getpwuid|fork|execve|execvp|posix_spawn|posix_spawnp|posix_spawn_file_actions_init|waitpid|_exit|isatty|"
            + "tcgetattr|tcsetattr|getenv|setenv|unsetenv|strerror|clock_gettime|nanosleep|usleep|sysconf|setrlimit|"
            + "getrlimit|getrusage|pthread_create|pthread_join|pthread_mutex_init|pthread_mutex_lock|pthread_mutex_unlock|"
            + "localtime_r|gmtime_r|strftime|setlocale|nl_langinfo|mkdtemp|mkstemp|inotify_init1|inotify_add_watch|alarm|"
            + "fflush|sched_yield|getcwd|chdir|umask|rename|pipe2|posix_spawn_file_actions_adddup2|posix_spawn_file_actions_addopen|"
            + "inotify_rm_watch|strdup|mkfifo"
        let pattern = "(?:^|[^\\w.])(?:\(calls))\\(|\\bHanJulSystem\\.(?:open|close|read|write)\\(|\\bS_IF[A-Z]+\\b|\\bO_[A-Z]+\\b|\\bSTD(?:IN|OUT|ERR)_FILENO\\b|\\benviron\\b"
        return (try! Regex(pattern, as: Substring.self)).anchorsMatchLineEndings().wordBoundaryKind(.simple)
    }

    /// System calls go through HanJulSystem (issue #41): no file outside it calls the C
    /// library directly, whether it reaches it through HanJulSystem or Foundation's
    /// re-export of Glibc.
    @Test func systemCallsGoThroughTheSystemTarget() {
        for (path, text) in Self.sources(under: "Sources", extensions: ["swift"]) where !path.hasPrefix("Sources/HanJulSystem/") {
            // Comments and declarations (`func poll(`) are not calls.
            let code = text.split(separator: "\n").filter { !$0.drop { $0 == " " }.hasPrefix("//") }.joined(separator: "\n")
                .replacing(#/\bfunc\s+\w+\(/#, with: "func _(")
            guard let use = code.firstMatch(of: Self.cLibraryUse) else { continue }
            Issue.record("\(path) calls the C library (\(use.output.trimmingCharacters(in: .whitespaces))): add a small function to HanJulSystem and call that")
        }
        #expect("var info = stat()\nlstat(path, &info)\nwriter.fsync(x)".matches(of: Self.cLibraryUse).count == 2)
        let calls = "fsync(fd)\npoll(&p, 1, 0)\ninotify_init1(0)\nposix_spawn(&pid, p, nil, nil, argv, environ)\ntcsetattr(0, 0, &t)"
        #expect(calls.matches(of: Self.cLibraryUse).count == 6)  // environ too
        #expect("public func poll() -> Bool".replacing(#/\bfunc\s+\w+\(/#, with: "func _(").firstMatch(of: Self.cLibraryUse) == nil)
    }

    /// LuaKit's one stack guard (issue #23, RELIABILITY L-33): the Lua stack top is set back,
    /// and the stack grown, only inside LuaStackGuard.
    @Test func onlyTheStackGuardSetsTheLuaStackTop() {
        let sources = Self.sources(under: "Sources", extensions: ["swift"])
        for (path, text) in sources where path != "Sources/LuaKit/LuaStackGuard.swift" {
            #expect(!text.contains("lua_settop("), "\(path) calls lua_settop: use LuaStackGuard.withStack")
            #expect(!text.contains("lua_checkstack("), "\(path) calls lua_checkstack: use LuaStackGuard")
        }
    }

    /// The number of lines of `text`.
    static func lineCount(_ text: String) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
    }

    /// No Swift file in Sources over 450 lines (issue #23): a longer one is split along its
    /// seams into `Type+Aspect.swift` extensions.
    @Test func noSourceFileIsOverFourHundredFiftyLines() {
        for (path, text) in Self.sources(under: "Sources", extensions: ["swift"]) {
            let lines = Self.lineCount(text)
            #expect(lines <= 450, "\(path) has \(lines) lines")
        }
    }

    /// The C files too (issue #41): one over 450 lines needs its reason in
    /// docs/ARCHITECTURE.md, as a line "- `Sources/…/file.c`: why", and a reason is dropped
    /// when its file no longer needs it.
    @Test func noCFileIsOverFourHundredFiftyLinesWithoutAReason() throws {
        let plan = try String(contentsOf: Self.repository.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let reason = #/^- `(Sources/[^`]+\.[ch])`: \S/#.anchorsMatchLineEndings()
        let excused = Set(plan.matches(of: reason).map { String($0.output.1) })
        let sources = Self.sources(under: "Sources", extensions: ["c", "h"])
        #expect(sources.count > 10)
        for (path, text) in sources {
            let lines = Self.lineCount(text)
            if excused.contains(path) {
                #expect(lines > 450, "\(path) has \(lines) lines: drop its reason from docs/ARCHITECTURE.md")
            } else {
                #expect(lines <= 450, "\(path) has \(lines) lines: split it, or write why in docs/ARCHITECTURE.md")
            }
        }
        let missing = excused.subtracting(sources.map(\.path))
        #expect(missing.isEmpty, "docs/ARCHITECTURE.md excuses files that do not exist: \(missing.sorted())")
    }
}
