// swift-tools-version:6.0
// The libFuzzer driver for HanJul's fuzz targets (RELIABILITY §4). Not part of the main
// build or CI: build and run it with Fuzz/run.sh, which passes
// `--sanitize fuzzer --sanitize address`.
import PackageDescription

let package = Package(
    name: "HanJulFuzz",
    dependencies: [.package(name: "HanJul", path: "..")],
    targets: [
        .executableTarget(
            name: "hanjul-fuzz",
            dependencies: [.product(name: "HanJulFuzzing", package: "HanJul")],
            path: "Driver",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
