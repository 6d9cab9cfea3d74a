import Foundation
import HanJulCommandLine
import HanJulBench
@testable import HanJulCommands
import HanJulSweep
import Testing

/// `hanjul bench` says where it ran (CPU, commit) and can say it all as JSON.
@Suite struct BenchReportTests {
    @Test func theCPUModelIsReadFromCpuinfo() {
        let x86 = "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel\t\t: 1\nmodel name\t: AMD EPYC   7B13 64-Core Processor\nflags\t\t: fpu\n"
        #expect(BenchMachine.cpuModel(cpuinfo: x86) == "AMD EPYC 7B13 64-Core Processor")
        // `model` (a number on x86) is not `model name`.
        #expect(BenchMachine.cpuModel(cpuinfo: "model\t\t: 1\n") == nil)
        #expect(BenchMachine.cpuModel(cpuinfo: "processor : 0\nModel : Raspberry Pi 4 Model B Rev 1.4\n") == "Raspberry Pi 4 Model B Rev 1.4")
        #expect(BenchMachine.cpuModel(cpuinfo: "") == nil)
    }

    @Test func theMachineIsNamedOrUnknown() {
        let machine = BenchMachine.current()
        #expect(!machine.cpu.isEmpty)
        // A commit is 12 hex digits (maybe marked "+changes"), or "unknown".
        let hash = machine.commit.split(separator: "+").first.map(String.init) ?? ""
        #expect(machine.commit == "unknown" || (hash.count == 12 && hash.allSatisfy(\.isHexDigit)))
    }

    @Test func theJSONReportHasItsSchema() throws {
        let figures = Bench.Figures(pieces: 1000, placements: 22_000, games: 2, seconds: 0.5)
        let rounds = Bench.Rounds.adding(Bench.Figures(pieces: 1000, placements: 22_000, games: 2, seconds: 0.6),
                                                to: Bench.Rounds.adding(figures, to: nil))
        guard case .run(let arguments) = try BenchCommand.declaration.parse(["--games", "2", "--cap", "500", "--rounds", "2", "--json"])
        else { throw UsageError("asked for help") }
        let request = try BenchRun(arguments)
        #expect(request.json)
        let report = BenchReport(request: request, machine: BenchMachine(cpu: "Test CPU", commit: "unknown"), builtIn: rounds,
                                 mods: [("standard", 0.9, rounds, nil), ("evil", 0.1, nil, "not measured: no mod 'evil'")],
                                 reference: rounds, compiler: "gcc", referenceNote: nil)
        let text = try JSONLines.text(report)
        let json = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(json["schema"] as? Int == 1)
        #expect(json["cpu"] as? String == "Test CPU")
        #expect(json["commit"] as? String == "unknown")
        #expect(json["games"] as? Int == 2 && json["cap"] as? Int == 500 && json["roundCount"] as? Int == 2)
        let builtIn = try #require(json["builtIn"] as? [String: Any])
        #expect(builtIn["piecesPerSecond"] as? Double == 2000)
        #expect((builtIn["rounds"] as? [Double])?.count == 2)
        let mods = try #require(json["mods"] as? [[String: Any]])
        #expect(mods.count == 2 && mods[0]["ratioToBuiltIn"] as? Double == 1 && mods[1]["measurement"] == nil)
        #expect(mods[1]["note"] as? String == "not measured: no mod 'evil'")
        #expect(json["ratioToReference"] as? Double == 1)
        #expect((json["reference"] as? [String: Any])?["compiler"] as? String == "gcc")
    }
}
