// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "HanJul",
    products: [
        .executable(name: "hanjul", targets: ["hanjul"]),
        .library(name: "HanJulCore", targets: ["HanJulCore"]),
        .library(name: "HanJulRender", targets: ["HanJulRender"]),
    ],
    targets: [
        // The pure engine: imports nothing (no Foundation, no Glibc, no Lua, no clock).
        .target(name: "HanJulCore"),
        // Pure state → frame of cells, frame diff → escape text: no Foundation, no Glibc.
        .target(name: "HanJulRender", dependencies: ["HanJulCore"]),
        .testTarget(name: "HanJulRenderTests", dependencies: ["HanJulRender", "HanJulCore"]),
        .executableTarget(name: "hanjul", dependencies: ["HanJulCore"]),
        .testTarget(name: "HanJulCoreTests", dependencies: ["HanJulCore"]),
        // Runs the built binary; depending on the executable makes `swift test` build it.
        .testTarget(name: "HanJulCLITests", dependencies: ["hanjul"]),
    ],
    swiftLanguageModes: [.v6]
)
