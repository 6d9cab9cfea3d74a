// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "HanJulLuaKit",
    products: [
        .library(name: "LuaKit", targets: ["LuaKit"]),
    ],
    targets: [
        // The system Lua 5.4 (Debian: liblua5.4-dev), found through pkg-config.
        .systemLibrary(
            name: "CLua",
            pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]
        ),
        // Everything that may longjmp lives here: macros as functions, the protected call,
        // the count hook, the host trampoline, the counting allocator and the sandbox library.
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        // The safe, game-agnostic Swift API.
        .target(name: "LuaKit", dependencies: ["CLua", "CLuaShim"]),
        // `swift run -c release LuaKitBench` prints the per-call overhead.
        .executableTarget(name: "LuaKitBench", dependencies: ["LuaKit"]),
        .testTarget(name: "LuaKitTests", dependencies: ["LuaKit", "CLua", "CLuaShim"]),
    ],
    swiftLanguageModes: [.v6]
)
