import Foundation
import HanJulFuzzing
import Testing

/// Replays every input under `Fuzz/regressions/<target>/` (crashes, timeouts and oracle
/// failures the fuzzers found, plus hand-written seeds) through the same target functions
/// the libFuzzer driver calls (RELIABILITY F-6), so CI runs them without the fuzzer.
@Suite struct FuzzRegressionTests {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Fuzz/regressions").path
    }()

    struct Input: CustomTestStringConvertible, Sendable {
        var target: FuzzTarget
        var path: String
        var testDescription: String { "\(target.rawValue)/\((path as NSString).lastPathComponent)" }
    }

    static let inputs: [Input] = FuzzTarget.allCases.flatMap { target in
        let folder = root + "/" + target.rawValue
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") && $0 != "README.md" }.map { Input(target: target, path: folder + "/" + $0) }
    }

    @Test func everyTargetHasRegressionInputs() {
        for target in FuzzTarget.allCases {
            #expect(Self.inputs.contains { $0.target == target }, "no inputs in Fuzz/regressions/\(target.rawValue)")
        }
    }

    @Test(arguments: inputs)
    func replays(_ input: Input) throws {
        let bytes = try #require(FileManager.default.contents(atPath: input.path))
        let start = Date()
        let failure = input.target.run(Array(bytes))
        #expect(failure == nil, "\(input.testDescription): \(failure ?? "")")
        #expect(Date().timeIntervalSince(start) < 10, "\(input.testDescription) took too long")
    }
}
