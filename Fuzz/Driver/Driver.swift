// libFuzzer entry points. The target is chosen by HANJUL_FUZZ_TARGET (see FuzzTarget in
// Sources/HanJulFuzzing); an oracle failure traps so libFuzzer saves the input.
import Foundation
import HanJulFuzzing

nonisolated(unsafe) var selectedTarget: FuzzTarget = .record

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32 {
    let name = ProcessInfo.processInfo.environment["HANJUL_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(Data("set HANJUL_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: " "))\n".utf8))
        exit(2)
    }
    selectedTarget = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let failure = selectedTarget.run(bytes) {
        fatalError("\(selectedTarget.rawValue): \(failure)")
    }
    return 0
}
