import HanJulCodec

/// The JSON of the simulation commands, through HanJul's one codec (HanJulCodec's `JSON`):
/// keys sorted, laid out byte for byte as the files have always been (docs/SIM.md), every
/// character `visible` would show escaped so the text is safe on a terminal (T-17).
package enum JSONLines {
    package static func text(_ value: some Encodable, pretty: Bool = false) throws(SweepError) -> String {
        do {
            return try JSONValueEncoder().encode(value).serializedString(pretty ? .sortedPretty : .sorted)
        } catch {
            throw SweepError("cannot encode JSON: \(error)")
        }
    }

    /// Decodes one line (or document) of a simulation file; nil when it is not `T`.
    package static func decode<T: Decodable>(_ type: T.Type, from line: some Collection<UInt8>) -> T? {
        try? JSONValueDecoder().decode(type, from: line)
    }

    /// Decodes a parsed line; nil when it is not `T`.
    package static func decode<T: Decodable>(_ type: T.Type, from json: JSON) -> T? {
        try? JSONValueDecoder().decode(type, from: json)
    }
}
