// libFuzzer target for HanJul's file parsers (RELIABILITY F-5 item 1).
// Not part of the package build; run with Fuzz/run.sh.
// Oracle: JSON.parse and RecordFile-style decoding either succeed or throw a
// typed error; whatever parses re-serializes and parses back to the same value.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let value = try JSON.parse(bytes, maxDepth: 64, maxBytes: 1 << 20)
        if let out = try? value.serialized() {
            guard let again = try? JSON.parse(out), again == value else {
                fatalError("round trip changed the value")
            }
            guard (try? again.serialized()) == out else { fatalError("serialization is not deterministic") }
        }
    } catch {
        if error.offset < 0 || error.offset > size { fatalError("error offset out of range") }
    }
    var hasher = SHA256()
    hasher.update(bytes)
    _ = hasher.finalize()
    return 0
}
