import Foundation
import Testing

/// One case of `Tests/HostileMods`, parsed from the `-- key: value` header of its mod.lua:
///
/// ```lua
/// -- case: what it tries (L-17)
/// -- expect: ok | error "reason|other reason" | load-error "reason" | hung
/// -- within: 5s
/// -- args: --pieces I --actions H          (default: --seed 1 --actions HHHHHH)
/// -- env: NAME=VALUE                       (extra environment, e.g. the test-only hang)
/// -- setup: symlink NAME TARGET | fifo NAME | big NAME BYTES | escname | escmod | many COUNT
/// --        | dir NAME | dirs WIDTH DEPTH | file NAME TEXT | bytecode-main | folder-symlink
/// -- also: sim check compare verify         (the same mod through other commands too)
/// -- check-says: TEXT                      (what `check`'s report must say)
/// -- versus: ok | error "reason"           (`sim --versus` with the mod: a clean run, or a
///                                           rule error naming it, status 3; #39)
/// -- deterministic                         (a second process must print the same)
/// -- no-benign-check                       (the mod changes the score on purpose)
/// ```
///
/// `error` means the mod fails during the game (exit 3, the report on stdout, one reason
/// line on stderr); `load-error` that it is refused before the game (exit 3, no report);
/// `hung` that the watchdog stopped it (exit 4, quarantined).
struct CorpusCase: CustomTestStringConvertible, Sendable {
    enum Expectation: Sendable {
        case ok
        case error([String])
        case loadError([String])
        case hung
    }

    var name: String
    var folder: String
    var item: String
    var expectation: Expectation
    var within: Double
    var arguments: [String]
    var environment: [String: String]
    var setup: [[String]]
    var deterministic: Bool
    var checkBenign: Bool
    /// Other commands that run the same mod (``HostileModTests/alsoArguments(_:)``).
    var also: [String]
    var checkSays: String?
    /// `-- versus:`: what `sim --versus` under the mod must do (nil: not run).
    var versus: Expectation?

    var testDescription: String { name }

    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()
        url.deleteLastPathComponent()
        return url.appendingPathComponent("HostileMods").path
    }()

    static func loadAll() -> [CorpusCase] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return names.sorted().compactMap { name in
            let folder = root + "/" + name
            guard let data = FileManager.default.contents(atPath: folder + "/mod.lua") else { return nil }
            return CorpusCase(name: name, folder: folder, source: String(decoding: data, as: UTF8.self))
        }
    }

    init(name: String, folder: String, source: String) {
        self.name = name
        self.folder = folder
        item = ""
        expectation = .ok
        within = 5
        arguments = ["--seed", "1", "--actions", "HHHHHH", "--json"]
        environment = [:]
        setup = []
        deterministic = false
        checkBenign = true
        also = []
        checkSays = nil
        versus = nil
        for line in source.split(separator: "\n") {
            guard line.hasPrefix("-- ") else { break }
            let text = line.dropFirst(3)
            let (key, value): (Substring, String) = {
                guard let colon = text.firstIndex(of: ":") else { return (text, "") }
                return (text[..<colon], text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }()
            switch key {
            case "case":
                if let open = value.lastIndex(of: "("), value.hasSuffix(")") {
                    item = String(value[value.index(after: open)..<value.index(before: value.endIndex)])
                }
            case "expect":
                let reasons = Self.quoted(value).split(separator: "|").map(String.init)
                if value == "ok" { expectation = .ok }
                else if value == "hung" { expectation = .hung }
                else if value.hasPrefix("error") { expectation = .error(reasons) }
                else if value.hasPrefix("load-error") { expectation = .loadError(reasons) }
                else { fatalError("\(name): unknown expectation '\(value)'") }
            case "within":
                within = Double(value.filter { $0.isNumber || $0 == "." }) ?? 5
            case "args":
                arguments = value.split(separator: " ").map(String.init) + ["--json"]
            case "env":
                let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 { environment[parts[0]] = parts[1] }
            case "setup":
                setup.append(value.split(separator: " ", maxSplits: 2).map(String.init))
            case "check-says": checkSays = value
            case "versus": versus = value == "ok" ? .ok : .error(Self.quoted(value).split(separator: "|").map(String.init))
            case "also": also += value.split(separator: " ").map(String.init)
            case "deterministic": deterministic = true
            case "no-benign-check": checkBenign = false
            default: break
            }
        }
    }

    private static func quoted(_ text: String) -> String {
        guard let first = text.firstIndex(of: "\""), let last = text.lastIndex(of: "\""), first < last else { return "" }
        return String(text[text.index(after: first)..<last])
    }
}

/// The benign mod every case runs next to: it adds 1000 points per hard drop, through
/// the string, math and table libraries a hostile neighbour might try to spoil (L-7).
let benignSource = """
    return {
      id = "benign", name = "Benign", version = "1", description = "adds 1000 per hard drop", api = 1,
      hard_drop_points = function(rows, base)
        local parts = { ("k"):upper(), string.format("%d", 1000), tostring(math.max(1, 2)) }
        if table.concat(parts, ",") ~= "K,1000,2" or ("abc"):sub(2, 2) ~= "b" then error("the libraries were spoiled") end
        return base + tonumber(parts[2])
      end,
    }
    """
