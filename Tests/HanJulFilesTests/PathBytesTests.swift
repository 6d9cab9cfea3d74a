import Foundation
import Glibc
@testable import HanJulFiles
import Testing

/// File names are bytes (RELIABILITY H-5): `a\xFF` (not UTF-8) beside `a\u{FFFD}` (the
/// character a lossy decoding puts in its place) are two files, and every listing, read,
/// removal and display keeps them apart.
@Suite("file names as bytes")
struct PathBytesTests {
    /// `a` + 0xFF + `suffix`: not UTF-8.
    static func odd(_ suffix: String = "") -> PathBytes { PathBytes(bytes: [0x61, 0xFF] + Array(suffix.utf8)) }
    /// `a\u{FFFD}` + `suffix`: valid UTF-8, what `odd` decodes to.
    static func replacement(_ suffix: String = "") -> PathBytes { PathBytes("a\u{FFFD}" + suffix) }

    /// Creates the file named exactly `name` in `folder` (Glibc `open` on the raw bytes).
    static func create(_ name: PathBytes, in folder: String, _ bytes: [UInt8]) {
        let fd = PathBytes(folder).appending(name).withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600) }
        precondition(fd >= 0, "cannot create \(name.shown)")
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    /// Whether the file named exactly `name` is in `folder`.
    static func exists(_ name: PathBytes, in folder: String) -> Bool {
        (try? PathBytes(folder).appending(name).linkStatus()) != nil
    }

    /// Removes what the tests made (FileManager cannot name a file that is not UTF-8).
    static func clean(_ folder: String, _ names: [PathBytes]) {
        for name in names { try? PathBytes(folder).appending(name).remove() }
    }

    @Test("shown: bytes that are not UTF-8 as \\xFF, a real backslash as \\\\, so no two names look the same")
    func shownIsDistinct() {
        #expect(Self.odd(".hjr").shown == #"a\xFF.hjr"#)
        #expect(Self.replacement(".hjr").shown == "a\u{FFFD}.hjr")
        #expect(PathBytes(#"a\xFF.hjr"#).shown == #"a\\xFF.hjr"#, "the text \\xFF is not the byte")
        #expect(PathBytes(bytes: [0x61, 0xE2, 0x82, 0x41]).shown == #"a\xE2\x82A"#, "a cut sequence, byte by byte")
        #expect(PathBytes("evil\u{1B}[2J\u{202E}.hjr").shown == #"evil\e[2J\u{202E}.hjr"#)
        #expect(PathBytes("a\\e").shown != PathBytes("a\u{1B}").shown)
        #expect(PathBytes("\u{301}x/\u{378}").shown == #"\u{301}x/\u{378}"#, "a mark with no letter, an unassigned code point")
        #expect(PathBytes("20250301-142233-7.hjr").shown == "20250301-142233-7.hjr", "HanJul's own names as they are")
        #expect(PathBytes("한줄-é.hjr").shown == "한줄-é.hjr")
        #expect(PathBytes("\u{23F1}\u{FE0F}.hjr").shown == "\u{23F1}" + #"\u{FE0F}.hjr"#, "with the selector or without: two names")
        #expect(PathBytes("한줄-é.hjr").shown(asciiOnly: true) == #"\u{D55C}\u{C904}-\u{E9}.hjr"#)
        #expect(Self.replacement().shown(asciiOnly: true) == #"a\u{FFFD}"# && Self.odd().shown(asciiOnly: true) == #"a\xFF"#)
        #expect(Self.odd().text == nil && Self.replacement().text == "a\u{FFFD}")
        #expect(PathBytes("/r/x.hjr").name == "x.hjr" && PathBytes("/r/x.hjr").parent == "/r" && PathBytes("/x").parent == "/")
        #expect(PathBytes("/r/x.hjr").isInside("/r") && !PathBytes("/rx/y").isInside("/r") && !PathBytes("/r/").isInside("/r"))
    }

    @Test("a folder holding a\\xFF and a\\u{FFFD} lists two names, and each reads its own bytes")
    func listedAndReadAsBytes() throws {
        let folder = TemporaryFolder()
        defer { Self.clean(folder.path, [Self.odd(), Self.replacement()]) }
        Self.create(Self.odd(), in: folder.path, Array("odd".utf8))
        Self.create(Self.replacement(), in: folder.path, Array("valid".utf8))
        let names = try Directory.names(in: PathBytes(folder.path)).sorted()
        #expect(names == [Self.replacement(), Self.odd()])
        #expect(try SafeFile.read(PathBytes(folder.path).appending(Self.odd()), maxBytes: 100) == Array("odd".utf8))
        #expect(try SafeFile.read(PathBytes(folder.path).appending(Self.replacement()), maxBytes: 100) == Array("valid".utf8))
        try PathBytes(folder.path).appending(Self.odd()).remove()
        #expect(!Self.exists(Self.odd(), in: folder.path) && Self.exists(Self.replacement(), in: folder.path))
        let error = try #require(throws: FileError.self) { try SafeFile.read(PathBytes(folder.path).appending(Self.odd()), maxBytes: 1) }
        #expect(error.isMissing && error.path == folder.path + #"/a\xFF"#, "named as shown")
    }

    @Test("stale temporaries are removed by their own bytes, never by a decoded name")
    func staleTemporaryByBytes() {
        let folder = TemporaryFolder()
        let odd = PathBytes(bytes: Array(".scores.hjr.tmp-999999999-".utf8) + [0xFF])
        defer { Self.clean(folder.path, [odd]) }
        Self.create(odd, in: folder.path, [1])
        #expect(AtomicFile.removeStaleTemporaries(for: folder.file("scores.hjr")) == [#".scores.hjr.tmp-999999999-\xFF"#])
        #expect(!Self.exists(odd, in: folder.path))
    }

    @Test("an output through a link to a name that is not UTF-8 is refused, not written to another file")
    func outputLinkToOddName() throws {
        let folder = TemporaryFolder()
        defer { Self.clean(folder.path, [Self.odd(), Self.replacement()]) }
        let made = Self.odd().withCString { symlink($0, folder.file("out")) }
        #expect(made == 0)
        let error = try #require(throws: FileError.self) { try OutputFile.write(Array("replay".utf8), to: folder.file("out")) }
        #expect(error.errno == EILSEQ)
        #expect(error.description.contains("a link to a name that is not UTF-8"), "\(error)")
        #expect(!Self.exists(Self.replacement(), in: folder.path) && !Self.exists(Self.odd(), in: folder.path))
    }

    @Test("a file found by searching is trusted by its real folder's bytes, not a look-alike's")
    func trustChecksTheRealFolder() throws {
        let folder = TemporaryFolder()
        defer {
            Self.clean(folder.path, [Self.odd("/f"), Self.replacement("/f"), "link"])
            for name in [Self.odd(), Self.replacement()] { _ = PathBytes(folder.path).appending(name).withCString { rmdir($0) } }
        }
        for (name, mode) in [(Self.odd(), mode_t(0o777)), (Self.replacement(), mode_t(0o700))] {
            let made = PathBytes(folder.path).appending(name).withCString { mkdir($0, mode) == 0 && chmod($0, mode) == 0 }
            #expect(made)
            Self.create(PathBytes(bytes: name.bytes + Array("/f".utf8)), in: folder.path, [1])
        }
        let made = PathBytes(folder.path).appending(Self.odd("/f")).withCString { symlink($0, folder.file("link")) }
        #expect(made == 0)
        let reason = try #require(TrustedFile.distrust(folder.file("link")), "the open folder a\\xFF is not trusted")
        #expect(reason.contains(#"/a\xFF can be written by other users"#), "\(reason)")
        #expect(TrustedFile.distrust(folder.path + "/a\u{FFFD}/f") == nil, "its look-alike, checked on its own, is")
    }

    @Test("an environment variable that is not UTF-8 counts as unset, never as a decoded look-alike folder")
    func environmentAsText() throws {
        let entries = [Array("HOME=/home/ana".utf8), Array("XDG_CONFIG_HOME=/cfg".utf8), Array("XDG_DATA_HOME=/a".utf8) + [0xFF]]
        let environment = AppPaths.textEnvironment(entries)
        #expect(environment == ["HOME": "/home/ana", "XDG_CONFIG_HOME": "/cfg"])
        #expect(try AppPaths(environment: environment).dataDirectory == "/home/ana/.local/share/hanjul")
    }
}
