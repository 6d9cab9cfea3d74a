// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "HanJulFiles",
    products: [
        .library(name: "HanJulHash", targets: ["HanJulHash"]),
        .library(name: "HanJulFiles", targets: ["HanJulFiles"]),
    ],
    targets: [
        // Pure Swift: imports nothing, not even Foundation.
        .target(name: "HanJulHash"),
        // Durable files: the one write path every saved file goes through.
        .target(name: "HanJulFiles", dependencies: ["HanJulHash"]),
        // Helper process for the kill -9 and fault-injection tests.
        .executableTarget(name: "hanjul-savetorture", dependencies: ["HanJulFiles"]),
        .testTarget(name: "HanJulHashTests", dependencies: ["HanJulHash"]),
        .testTarget(
            name: "HanJulFilesTests",
            dependencies: ["HanJulFiles", "HanJulHash", "hanjul-savetorture"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
