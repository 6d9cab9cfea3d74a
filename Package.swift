// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "HanJul",
    products: [
        .executable(name: "hanjul", targets: ["hanjul"]),
        .library(name: "HanJulCore", targets: ["HanJulCore"]),
        .library(name: "HanJulSim", targets: ["HanJulSim"]),
    ],
    targets: [
        // The pure engine: imports nothing (no Foundation, no Glibc, no Lua, no clock).
        .target(name: "HanJulCore"),
        // Bots, seeded simulation, statistics, comparison (mods come in as Rules values).
        .target(name: "HanJulSim", dependencies: ["HanJulCore"]),
        .executableTarget(name: "hanjul", dependencies: ["HanJulCore", "HanJulSim"]),
        .testTarget(name: "HanJulCoreTests", dependencies: ["HanJulCore"]),
        .testTarget(name: "HanJulSimTests", dependencies: ["HanJulSim", "HanJulCore"]),
        // Runs the built binary; depending on the executable makes `swift test` build it.
        .testTarget(name: "HanJulCLITests", dependencies: ["hanjul"]),
    ],
    swiftLanguageModes: [.v6]
)
