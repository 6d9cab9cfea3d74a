import Foundation

/// Runs the built `hanjul` binary, which `swift test` builds next to the test bundle.
enum Hanjul {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var binary: URL {
        // The test runner lives in the build folder (…/debug/HanJulPackageTests.xctest);
        // the products sit beside it.
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = runner.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("hanjul")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        fatalError("hanjul binary not found near \(runner.path); run the tests with `swift test`")
    }

    /// Output goes to files, not pipes, so a large output can never block the child (`Shell.run`).
    @discardableResult
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil,
                    executable: URL? = nil) throws -> Result {
        try Shell.run((executable ?? binary).path, arguments, environment: environment, stdin: stdin)
    }
}
