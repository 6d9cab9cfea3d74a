// swift-tools-version:6.0
import PackageDescription

// The game-agnostic terminal layer of HanJul. The lead merges these targets into the
// main package; keep the target names and folders as they are.
let package = Package(
    name: "HanJulTerminal",
    products: [
        .library(name: "HanJulTerminal", targets: ["HanJulTerminal"]),
        // Test-only: proves terminal restore behaviour inside a pseudo-terminal.
        .executable(name: "hanjul-termprobe", targets: ["hanjul-termprobe"]),
    ],
    targets: [
        .target(name: "CTerminalShim"),
        .target(name: "HanJulTerminal", dependencies: ["CTerminalShim"]),
        .executableTarget(name: "hanjul-termprobe", dependencies: ["HanJulTerminal"]),
        .testTarget(name: "HanJulTerminalTests", dependencies: ["HanJulTerminal"]),
    ],
    swiftLanguageModes: [.v6]
)
