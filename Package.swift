// swift-tools-version:6.0
import PackageDescription

// Layers (ARCHITECTURE.md): the engine imports nothing; everything else builds on it.
let package = Package(
    name: "HanJul",
    products: [
        .executable(name: "hanjul", targets: ["hanjul"]),
        .library(name: "HanJulCore", targets: ["HanJulCore"]),
    ],
    targets: [
        // The pure engine: imports nothing (no Foundation, no Glibc, no Lua, no clock).
        .target(name: "HanJulCore"),
        // Pure Swift: SHA-256, JSON, FNV-1a. Imports nothing.
        .target(name: "HanJulHash"),
        // Durable files: the one atomic write path every saved file goes through.
        .target(name: "HanJulFiles", dependencies: ["HanJulHash"]),

        // The replay file format over the engine's replay model.
        .target(name: "HanJulReplay", dependencies: ["HanJulCore", "HanJulHash", "HanJulFiles"]),

        .executableTarget(name: "hanjul", dependencies: ["HanJulCore", "HanJulHash", "HanJulFiles", "HanJulReplay"]),
        // Helper process for the kill -9 and fault-injection tests of HanJulFiles.
        .executableTarget(name: "hanjul-savetorture", dependencies: ["HanJulFiles"]),

        .testTarget(name: "HanJulCoreTests", dependencies: ["HanJulCore"]),
        .testTarget(name: "HanJulHashTests", dependencies: ["HanJulHash"]),
        .testTarget(name: "HanJulReplayTests", dependencies: ["HanJulReplay", "HanJulCore", "HanJulFiles", "HanJulHash"]),
        .testTarget(name: "HanJulFilesTests", dependencies: ["HanJulFiles", "HanJulHash", "hanjul-savetorture"]),
        // Runs the built binary; depending on the executable makes `swift test` build it.
        .testTarget(name: "HanJulCLITests", dependencies: ["hanjul", "HanJulCore", "HanJulReplay"]),
    ],
    swiftLanguageModes: [.v6]
)
