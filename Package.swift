// swift-tools-version:6.0
import PackageDescription

// Test-only switches (`HANJUL_TEST_HANG_MS`, `HANJUL_TEST_CRASH`) exist in debug builds only:
// the tests run debug builds; a release binary (scripts/install) has none of them.
let testSwitches: [SwiftSetting] = [.define("HANJUL_TEST_SWITCHES", .when(configuration: .debug))]

// Layers (docs/ARCHITECTURE.md): the engine imports nothing; everything else builds on it.
// Each target declares exactly the project modules it imports (PackageManifestTests).
let package = Package(
    name: "HanJul",
    products: [
        .executable(name: "hanjul", targets: ["hanjul"]),
        .library(name: "HanJulCore", targets: ["HanJulCore"]),
        // For the libFuzzer driver package in Fuzz/ (built only by Fuzz/run.sh).
        .library(name: "HanJulFuzzing", targets: ["HanJulFuzzing"]),
    ],
    targets: [
        // The pure engine: imports nothing (no Foundation, no Glibc, no Lua, no clock).
        .target(name: "HanJulCore"),
        // The system layer in swift-system's shape: the one place the C library is imported
        // (Glibc, Musl or Darwin), descriptors that retry EINTR and throw a typed Errno, clocks.
        .target(name: "HanJulSystem"),
        // Pure Swift: SHA-256, JSON, FNV-1a. Imports nothing but HanJulText (JSON escapes what it hides).
        .target(name: "HanJulCodec", dependencies: ["HanJulText"]),
        // Pure Swift text helpers for messages ("did you mean …?", the one `visible`). Imports nothing.
        .target(name: "HanJulText"),
        // Durable files: the one atomic write path every saved file goes through.
        .target(name: "HanJulFiles", dependencies: ["HanJulSystem", "HanJulCodec", "HanJulText"]),
        // The replay file formats over the engine's replay models: `.hjr` (a game) and `.hjvs` (a versus match).
        .target(name: "HanJulReplay", dependencies: ["HanJulCore", "HanJulCodec", "HanJulFiles", "HanJulText"]),

        // The system Lua 5.4 (Debian: liblua5.4-dev), found through pkg-config.
        .systemLibrary(name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
        // The system zlib (Debian: zlib1g-dev): `hanjul stats` reads gzipped JSONL.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Everything that may longjmp lives here: macros as functions, the protected call,
        // the count hook, the host trampoline, the counting allocator and the sandbox library.
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        // A safe, sandboxed, game-agnostic Lua state.
        .target(name: "LuaKit", dependencies: ["HanJulSystem", "HanJulCore", "CLua", "CLuaShim", "HanJulText"]),
        // Async-signal-safe terminal restore and signal chaining.
        .target(name: "CTerminalShim"),
        // Raw mode, key decoding, terminal size, signals; knows nothing of the game.
        .target(name: "HanJulTerminal", dependencies: ["HanJulSystem", "CTerminalShim"]),
        // Pure state → frame of cells, frame diff → escape text: no Foundation, no Glibc.
        .target(name: "HanJulRender", dependencies: ["HanJulCore", "HanJulText"]),
        // The one bot: placement search, board features, evaluators and players, on any
        // rules. Pure like the engine (imports nothing but it); the simulator, `hanjul check`
        // and the mods' lookahead all use it.
        // (Synchronization aside: the one registry through which `tbp` bots are made.)
        .target(name: "HanJulBot", dependencies: ["HanJulCore"]),
        // Seeded simulations, statistics and comparison; rules come in as values.
        .target(name: "HanJulSim", dependencies: ["HanJulCore", "HanJulBot", "HanJulText"]),
        // Mods: discovery, manifests, the quarantine, the game API and LuaRules (a Rules made of hooks).
        .target(name: "HanJulMods", dependencies: ["HanJulSystem", "HanJulCore", "HanJulBot", "LuaKit", "HanJulFiles", "HanJulCodec", "HanJulText"],
                swiftSettings: testSwitches),
        // `hanjul check` and mods' own tests: determinism, query hooks, invariants fuzzed
        // with HanJulBot's one bot through the rules' lookahead, the tests/*.lua harness.
        .target(name: "HanJulModCheck", dependencies: ["HanJulSystem", "HanJulCore", "HanJulBot", "HanJulMods", "LuaKit", "HanJulReplay", "HanJulText"]),
        // Sweeps: the worker pool that hands games over in seed order, the JSONL and summary
        // file formats (reading, writing, resuming), with their own error type.
        .target(name: "HanJulSweep", dependencies: ["HanJulSystem", "HanJulSim", "HanJulFiles", "HanJulReplay", "HanJulCodec", "HanJulText", "CZlib"]),
        // The command line as declarations: one per command, from which parsing, help, the
        // man page and the shell completions are made; and the manners of its output
        // (standard streams, ASCII outside UTF-8, exit statuses). Knows nothing of the game.
        .target(name: "HanJulCommandLine", dependencies: ["HanJulSystem", "HanJulText", "HanJulTerminal", "CTerminalShim"]),

        // The fuzz targets as plain functions: Fuzz/ drives them with libFuzzer, and
        // FuzzRegressionTests replays Fuzz/regressions through them.
        .target(name: "HanJulFuzzing", dependencies: ["HanJulCore", "HanJulCodec", "HanJulFiles", "HanJulReplay", "HanJulMods", "HanJulTerminal",
                                                   "HanJulNet", "HanJulServe"]),
        // The versus protocol (docs/VERSUS-PROTOCOL.md): frames, messages and a bounded,
        // non-blocking link to the peer over any stream descriptor; the match's checks.
        .target(name: "HanJulNet", dependencies: ["HanJulSystem", "HanJulCore"]),
        // The Tetris Bot Protocol both ways (docs/TBP.md): HanJul hosting a TBP bot process
        // (`tbp:COMMAND`) and HanJul's bot answering a TBP front end (`hanjul bot --tbp`).
        .target(name: "HanJulTBP", dependencies: ["HanJulSystem", "HanJulCore", "HanJulBot", "HanJulCodec", "HanJulNet"]),
        // The terminal game: the play session and its screens (menu, game, versus, replay viewers),
        // key bindings and handling, and the driver; the player's files through `PlayStore` and `Launcher`.
        .target(name: "HanJulPlay", dependencies: ["HanJulSystem", "HanJulCore", "HanJulBot", "HanJulFiles", "HanJulReplay",
                                                   "HanJulTerminal", "HanJulRender", "HanJulText", "HanJulNet"],
                swiftSettings: testSwitches),
        // The player's files: the data folder as the session's store (`FileStore`: scores.hjr, the
        // replays, versus.txt), replay housekeeping, settings.conf and keys.conf as files.
        .target(name: "HanJulPlayerFiles", dependencies: ["HanJulSystem", "HanJulCore", "HanJulFiles", "HanJulCodec", "HanJulPlay", "HanJulReplay",
                                                          "HanJulTerminal", "HanJulRender"]),

        // `hanjul serve`'s session: the binary protocol of the Gymnasium and PettingZoo environments
        // (python/README.md), one game, several, or a versus match, over standard input and output.
        .target(name: "HanJulServe", dependencies: ["HanJulSystem", "HanJulCommandLine", "HanJulBot", "HanJulCore", "HanJulSim", "HanJulSweep",
                                                    "HanJulCodec", "HanJulMods"]),
        // `hanjul bench`'s measuring: rounds and figures in CPU time, and the C reference compiled and run.
        .target(name: "HanJulBench", dependencies: ["HanJulSystem", "HanJulCommandLine", "HanJulCore", "HanJulFiles", "HanJulSim", "HanJulSweep"]),

        // The commands as a library, testable in-process: each command's declaration, its typed
        // options and their checks, and what it does; the hang guard, reports, the progress bar.
        .target(name: "HanJulCommands", dependencies: [
            "HanJulSystem", "HanJulCore", "HanJulFiles", "HanJulReplay", "HanJulMods", "HanJulModCheck", "HanJulBot", "HanJulSim", "HanJulPlay", "HanJulPlayerFiles", "HanJulRender", "HanJulTerminal", "LuaKit", "CTerminalShim",
            "HanJulCommandLine", "HanJulText", "HanJulSweep", "HanJulNet", "HanJulCodec", "HanJulTBP", "HanJulServe", "HanJulBench",
        ], swiftSettings: testSwitches),
        // The executable: argv in, the exit status out; everything else is HanJulCommands.
        .executableTarget(name: "hanjul", dependencies: ["HanJulSystem", "HanJulCommands", "HanJulCommandLine", "HanJulFiles", "HanJulTerminal"]),
        // Helper process for the kill -9 and fault-injection tests of HanJulFiles.
        .executableTarget(name: "hanjul-savetorture", dependencies: ["HanJulSystem", "HanJulFiles", "HanJulCodec"]),
        // Test-only: proves terminal restore behaviour inside a pseudo-terminal.
        .executableTarget(name: "hanjul-termprobe", dependencies: ["HanJulSystem", "HanJulTerminal"]),
        // `swift run -c release LuaKitBench` prints the per-call overhead of Lua hooks.
        .executableTarget(name: "LuaKitBench", dependencies: ["LuaKit"]),
        // `swift run -c release ReplayTimelineBench` prints seek times on a 100,000-action replay.
        .executableTarget(name: "ReplayTimelineBench", dependencies: ["HanJulCore", "HanJulMods", "HanJulPlay", "HanJulSim"]),
        // `swift run -c release HanJulBotBench` prints where the bot's time per piece goes.
        .executableTarget(name: "HanJulBotBench", dependencies: ["HanJulBot", "HanJulCore", "HanJulSystem"]),

        // The one pseudo-terminal harness (Tests/pty/ptydrive.py) and a screen model, shared by
        // the terminal and play tests.
        .target(name: "PTYSupport", path: "Tests/PTYSupport"),
        // The traits that keep a test out of `scripts/test --quick` (a terminal, Slurm, long runs).
        .target(name: "TestTiers", path: "Tests/TestTiers"),

        .testTarget(name: "HanJulCoreTests", dependencies: ["HanJulCore"]),
        .testTarget(name: "HanJulCodecTests", dependencies: ["HanJulCodec"]),
        .testTarget(name: "HanJulTextTests", dependencies: ["HanJulText"]),
        .testTarget(name: "HanJulFilesTests", dependencies: ["HanJulFiles", "HanJulCodec", "hanjul-savetorture", "TestTiers"]),
        .testTarget(name: "HanJulReplayTests", dependencies: ["HanJulReplay", "HanJulCore", "HanJulFiles", "HanJulCodec"]),
        .testTarget(name: "HanJulTerminalTests", dependencies: ["HanJulTerminal", "hanjul-termprobe", "PTYSupport", "TestTiers"]),
        .testTarget(name: "HanJulRenderTests", dependencies: ["HanJulRender", "HanJulCore"]),
        .testTarget(name: "HanJulBotTests", dependencies: ["HanJulBot", "HanJulCore"]),
        // HanJulMods: the summary oracle plays every mod of Mods/ (SummaryOracleTests).
        .testTarget(name: "HanJulSimTests", dependencies: ["HanJulSim", "HanJulBot", "HanJulCore", "HanJulMods"]),
        .testTarget(name: "HanJulSweepTests", dependencies: ["HanJulSweep", "HanJulSim", "HanJulCore", "HanJulCodec"]),
        .testTarget(name: "HanJulCommandLineTests", dependencies: ["HanJulCommandLine", "HanJulText"]),
        .testTarget(name: "HanJulCommandsTests", dependencies: ["HanJulCommands", "HanJulBench", "HanJulCommandLine", "HanJulCore", "HanJulSim", "HanJulSweep"]),
        // The serve protocol played in-process over real pipes.
        .testTarget(name: "HanJulServeTests", dependencies: ["HanJulServe", "HanJulCommandLine", "HanJulCore"]),
        .testTarget(name: "HanJulNetTests", dependencies: ["HanJulNet", "HanJulSystem", "HanJulCore", "HanJulReplay"]),
        // `hanjul versus` end to end: two processes in two pseudo-terminals on the loopback,
        // and the test itself as a hostile peer over a raw socket.
        .testTarget(name: "VersusNetTests", dependencies: ["hanjul", "HanJulNet", "HanJulSystem", "PTYSupport", "TestTiers"]),
        .testTarget(name: "LuaKitTests", dependencies: ["LuaKit"]),
        .testTarget(name: "HanJulModsTests", dependencies: ["HanJulMods", "HanJulModCheck", "HanJulBot", "HanJulCore", "HanJulFiles", "HanJulReplay", "TestTiers"]),
        // Runs the built binary; depending on the executable makes `swift test` build it.
        .testTarget(name: "HanJulCLITests", dependencies: ["hanjul", "HanJulCore", "HanJulReplay", "HanJulFiles", "HanJulCodec", "TestTiers"]),
        // The hostile-mod corpus (Tests/HostileMods), each case in its own hanjul process.
        .testTarget(name: "HostileModTests", dependencies: ["hanjul", "TestTiers"]),
        // Every crash or timeout the fuzzers found, replayed without the fuzzer.
        .testTarget(name: "FuzzRegressionTests", dependencies: ["HanJulFuzzing"]),
        // Key bindings and high scores as units; `hanjul play` end to end in a pseudo-terminal.
        .testTarget(name: "HanJulPlayTests", dependencies: ["HanJulPlay", "HanJulPlayerFiles", "hanjul", "HanJulBot", "HanJulCore", "HanJulCodec", "HanJulFiles", "HanJulMods", "HanJulNet",
                                                            "HanJulReplay", "HanJulTerminal", "HanJulRender", "PTYSupport", "TestTiers"],
                    swiftSettings: [.define("HANJUL_TEST_SWITCHES", .when(configuration: .debug))]),
    ],
    swiftLanguageModes: [.v6]
)
