import Foundation
import HanJulCore
import Testing

/// The release says what it ships: NEWS, debian/changelog, debian/control, the AppStream
/// metainfo and the Python package name this release (HanJulVersion.release and .date) and
/// the number of mods in Mods/, wherever they give one. And `scripts/release` refuses to
/// make a release whose tag exists.
@Suite struct ReleaseDocumentsTests {
    static let repository = InstallTests.repository

    /// The documents, by their path in the repository.
    static let paths = ["NEWS", "debian/changelog", "debian/control", "scripts/install-files/org.hanjul.HanJul.metainfo.xml",
                        "python/pyproject.toml"]

    static func documents() throws -> [String: String] {
        var texts: [String: String] = [:]
        for path in paths { texts[path] = try String(contentsOfFile: repository + "/" + path, encoding: .utf8) }
        return texts
    }

    static let numberWords = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                              "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"]

    /// Every number of mods `text` states ("21 mods", "ten bundled mods", "ten of them come",
    /// "twenty-one mods"), as numbers.
    static func statedModCounts(_ text: String) -> [Int] {
        let words = numberWords.joined(separator: "|")
        let number = "(?<![0-9.])([0-9]+|(?:twenty-|thirty-)?(?:\(words))|thirty)"
        let patterns = ["\\b\(number)\\s+(?:bundled\\s+|shipped\\s+|built-in\\s+)?mods\\b", "\\b\(number)\\s+(?:of them\\s+)?come\\b"]
        var counts: [Int] = []
        for pattern in patterns {
            let regex = try! NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
            let range = NSRange(text.startIndex..., in: text)
            for match in regex.matches(in: text, range: range) {
                guard let found = Range(match.range(at: 1), in: text) else { continue }
                counts.append(value(String(text[found]).lowercased()))
            }
        }
        return counts
    }

    static func value(_ word: String) -> Int {
        if let number = Int(word) { return number }
        if word == "thirty" { return 30 }
        for (tens, base) in [("twenty-", 20), ("thirty-", 30)] where word.hasPrefix(tens) {
            return base + value(String(word.dropFirst(tens.count)))
        }
        return (numberWords.firstIndex(of: word) ?? -1) + 1
    }

    /// What each document says of the newest release: the part of it about this release.
    static func newest(_ path: String, _ text: String) -> String {
        switch path {
        case "NEWS":
            // From the first "VERSION (DATE)" heading to the next.
            let lines = text.components(separatedBy: "\n")
            guard let first = lines.firstIndex(where: { $0.first?.isNumber == true }) else { return "" }
            let next = lines[(first + 1)...].firstIndex { $0.first?.isNumber == true } ?? lines.count
            return lines[first..<next].joined(separator: "\n")
        case "debian/changelog":
            return text.components(separatedBy: "\n -- ").first ?? ""
        case "scripts/install-files/org.hanjul.HanJul.metainfo.xml":
            // The description and the newest release.
            let releases = text.components(separatedBy: "<release ")
            return releases[0] + (releases.count > 1 ? releases[1] : "")
        default:
            return text
        }
    }

    /// What disagrees with the release: each problem in a line.
    static func problems(_ texts: [String: String], version: String, date: String, mods: Int) -> [String] {
        var problems: [String] = []
        let news = texts["NEWS"] ?? ""
        if !newest("NEWS", news).hasPrefix("\(version) (\(date))\n") {
            problems.append("NEWS: the newest entry is not '\(version) (\(date))'")
        }
        let changelog = texts["debian/changelog"] ?? ""
        if !changelog.hasPrefix("hanjul (\(version)) ") { problems.append("debian/changelog: the newest entry is not \(version)") }
        let metainfo = texts["scripts/install-files/org.hanjul.HanJul.metainfo.xml"] ?? ""
        if !metainfo.contains("<releases>\n    <release version=\"\(version)\" date=\"\(date)\">") {
            problems.append("metainfo: the newest release is not \(version) of \(date)")
        }
        if !(texts["python/pyproject.toml"] ?? "").contains("\nversion = \"\(version)\"\n") {
            problems.append("python/pyproject.toml: the version is not \(version)")
        }
        for path in ["NEWS", "debian/changelog", "debian/control", "scripts/install-files/org.hanjul.HanJul.metainfo.xml"] {
            let counts = statedModCounts(newest(path, texts[path] ?? ""))
            if counts.isEmpty { problems.append("\(path): says nothing of how many mods ship (\(mods))") }
            for count in counts where count != mods { problems.append("\(path): says \(count) mods ship, but \(mods) do") }
        }
        return problems
    }

    @Test func theDocumentsSayThisReleaseAndItsMods() throws {
        let mods = InstallTests.bundledMods.count
        #expect(mods == 21, "Mods/ holds \(mods) mods: \(InstallTests.bundledMods)")
        let problems = Self.problems(try Self.documents(), version: HanJulVersion.release, date: HanJulVersion.date, mods: mods)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// The check is not one that cannot fail: a wrong count, version or date anywhere is caught.
    @Test func aWrongModCountOrVersionIsCaught() throws {
        let texts = try Self.documents()
        let mods = InstallTests.bundledMods.count
        #expect(Self.problems(texts, version: HanJulVersion.release, date: HanJulVersion.date, mods: mods + 1).count >= 4,
                "every document states the count")
        for path in ["NEWS", "debian/changelog", "debian/control", "scripts/install-files/org.hanjul.HanJul.metainfo.xml"] {
            var wrong = texts
            wrong[path] = texts[path]?.replacingOccurrences(of: "\(mods) mods", with: "ten mods")
            #expect(wrong[path] != texts[path], "\(path) states '\(mods) mods'")
            let problems = Self.problems(wrong, version: HanJulVersion.release, date: HanJulVersion.date, mods: mods)
            #expect(!problems.isEmpty && Set(problems) == ["\(path): says 10 mods ship, but \(mods) do"], "\(problems)")
        }
        #expect(Self.problems(texts, version: "9.9.9", date: HanJulVersion.date, mods: mods).count == 4)
        #expect(Self.problems(texts, version: HanJulVersion.release, date: "2000-01-01", mods: mods).count == 2)
        #expect(Self.statedModCounts("and ten of them come with it; twenty-one mods; 3 bundled mods") == [21, 3, 10])
    }

    /// `scripts/release` tags the commit it releases (annotated, vVERSION), so it refuses at
    /// once, before building anything, when that tag exists already.
    @Test func releaseRefusesAnExistingTag() throws {
        let scratch = try TemporaryFolder()
        let clone = scratch.path + "/clone"
        let cloned = try Shell.run("/usr/bin/git", ["clone", "--quiet", "--shared", "--no-checkout", Self.repository, clone])
        try #require(cloned.status == 0, "\(cloned.stderr)")
        // The working tree's scripts/release and version (uncommitted changes included).
        let head = try Shell.run("/usr/bin/git", ["-C", Self.repository, "stash", "create"])
        let commit = head.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let reference = commit.isEmpty ? "HEAD" : commit
        let fetched = try Shell.run("/usr/bin/git", ["-C", clone, "fetch", "--quiet", Self.repository, reference])
        try #require(fetched.status == 0, "\(fetched.stderr)")
        #expect(try Shell.run("/usr/bin/git", ["-C", clone, "checkout", "--quiet", "FETCH_HEAD"]).status == 0)
        let identity = ["-c", "user.name=t", "-c", "user.email=t@example.invalid"]
        let tagged = try Shell.run("/usr/bin/git", identity + ["-C", clone, "tag", "-a", "-m", "x", "v\(HanJulVersion.release)"])
        try #require(tagged.status == 0, "\(tagged.stderr)")
        let refused = try Shell.run("/bin/bash", [clone + "/scripts/release", "--out", scratch.path + "/out"], directory: clone)
        #expect(refused.status == 1, "\(refused.stdout)\n\(refused.stderr)")
        #expect(refused.stderr.contains("tag v\(HanJulVersion.release) exists"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/out"), "nothing was made")
    }
}
