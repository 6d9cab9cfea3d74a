import Foundation
import TestTiers
import Testing

/// The Slurm recipe (scripts/slurm/sweep.sbatch) on a real single-node Slurm that the test
/// starts itself (Tests/slurm/cluster.sh: Debian's munge, slurmctld and slurmd on loopback
/// ports, every file in a temporary folder). If Slurm cannot be started here the test
/// fails and says why; it never passes without having run the array.
@Suite(.serialized, .needsSlurm) struct SlurmArrayTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs a script of the repository, returning its status and output.
    static func script(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Hanjul.Result {
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        return try Hanjul.run(arguments, environment: env, executable: repository.appendingPathComponent(path))
    }

    @Test func anArrayOfFourShardsMergesToExactlyTheSingleRun() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-slurm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let cluster = folder.appendingPathComponent("cluster").path, jobs = folder.appendingPathComponent("jobs")
        try FileManager.default.createDirectory(at: jobs, withIntermediateDirectories: true)
        defer {
            _ = try? Self.script("Tests/slurm/cluster.sh", ["stop", cluster])
            try? FileManager.default.removeItem(at: folder)
        }
        let started = try Self.script("Tests/slurm/cluster.sh", ["start", cluster])
        guard started.status == 0 else {
            Issue.record("could not start a Slurm cluster here (exit \(started.status)), so the Slurm recipe is untested: \(started.stderr)")
            return
        }

        // A Lua mod, so each task loads it and the headers carry its lockfile.
        let mods = Self.repository.appendingPathComponent("Mods").path
        let options = "--mods-dir \(mods) --mod garbage --cap 400 --noise 0.05"
        let submitted = try Self.script("Tests/slurm/cluster.sh", [
            "submit", cluster, "--array=0-3", "--chdir=\(jobs.path)", Self.repository.appendingPathComponent("scripts/slurm/sweep.sbatch").path,
        ], environment: ["HANJUL": Hanjul.binary.path, "SWEEP_SEEDS": "1..40", "SWEEP_OPTIONS": options,
                         "SWEEP_DIR": jobs.appendingPathComponent("sweep").path])
        #expect(submitted.status == 0, "\(submitted.stdout)\n\(submitted.stderr)")
        #expect(submitted.stdout.split(separator: "\n").count == 4, "four array tasks: \(submitted.stdout)")

        let shards = (0..<4).map { jobs.appendingPathComponent("sweep/shard-\($0).jsonl").path }
        let merged = try Hanjul.run(["stats", "--shards", "4", "--expect", "1..40"] + shards)
        #expect(merged.status == 0, "\(merged.stderr)")
        let single = folder.appendingPathComponent("single.jsonl").path
        let whole = try Hanjul.run(["sim", "--seeds", "1..40", "--jsonl", single] + options.split(separator: " ").map(String.init))
        #expect(whole.status == 0, "\(whole.stderr)")
        let alone = try Hanjul.run(["stats", single])
        #expect(merged.stdout == alone.stdout, "the array's merged summary equals the single run byte for byte")
        #expect(merged.stdout == whole.stdout)
        #expect(merged.stdout.contains("40 games (seeds 1…40)"))
        // Each task wrote its summary too: merged, the same bytes, in memory that does not grow with the games.
        let summaries = (0..<4).map { jobs.appendingPathComponent("sweep/shard-\($0).summary").path }
        let fromSummaries = try Hanjul.run(["stats", "--shards", "4", "--expect", "1..40"] + summaries)
        #expect(fromSummaries.status == 0, "\(fromSummaries.stderr)")
        #expect(fromSummaries.stdout == merged.stdout, "the array's summaries merge to the bytes of its JSONL")
        // Slurm granted each task one CPU (--cpus-per-task=1): one worker each, not the node's count.
        for index in 0..<4 {
            let log = try String(contentsOf: jobs.appendingPathComponent("hanjul-sweep-\(logJob(jobs))_\(index).log"), encoding: .utf8)
            #expect(log.contains("shard \(index)/4 of 1…40) on 1 worker: 1 CPU granted (affinity mask 1 of"), "\(log)")
        }
    }

    /// The array's job id, from the log files' names (`hanjul-sweep-7_0.log`).
    func logJob(_ folder: URL) -> String {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let log = names.first { $0.hasPrefix("hanjul-sweep-") && $0.hasSuffix("_0.log") } ?? "hanjul-sweep-?_0.log"
        return String(log.dropFirst("hanjul-sweep-".count).dropLast("_0.log".count))
    }
}
