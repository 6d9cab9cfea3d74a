import HanJulSystem
import HanJulText

/// A path as the system keeps it: bytes, which need not be UTF-8 (RELIABILITY H-5).
///
/// A name read from a folder becomes a `String` only by replacing what is not UTF-8 with
/// U+FFFD, and then `a\xFF.hjr` and a file really named `a\u{FFFD}.hjr` are one path: the
/// second is what gets opened or removed. Kept as bytes, a listed entry names exactly the
/// file it was listed from; ``shown`` prints it so that two paths never look the same.
///
/// ```swift
/// let folder = PathBytes("/home/ana/.local/share/hanjul/replays")
/// for name in (try? Directory.names(in: folder)) ?? [] {
///     let file = folder.appending(name)   // open, unlink: this very file
///     print(name.shown)                    // a\xFF.hjr for the one, a�.hjr for the other
/// }
/// ```
public struct PathBytes: Hashable, Sendable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The path's bytes, without a terminating NUL.
    public var bytes: [UInt8]

    /// The path spelled by `text` (its UTF-8).
    public init(_ text: String) { bytes = Array(text.utf8) }

    /// The path of these bytes, as they are.
    public init(bytes: some Sequence<UInt8>) { self.bytes = Array(bytes) }

    /// The bytes of a C string, up to its NUL (what `realpath`, `getcwd` and argv give).
    public init(cString: UnsafePointer<CChar>) {
        var count = 0
        while cString[count] != 0 { count += 1 }
        bytes = UnsafeBufferPointer(start: cString, count: count).map { UInt8(bitPattern: $0) }
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// The path as text when its bytes are UTF-8, so that `PathBytes(text)` is this path
    /// again; nil when they are not (no `String` names this file).
    public var text: String? { String(validating: bytes, as: UTF8.self) }

    /// `self/name`.
    public func appending(_ name: PathBytes) -> PathBytes {
        PathBytes(bytes: bytes + [UInt8(ascii: "/")] + name.bytes)
    }

    /// The last component (after the last `/`); the whole path when it has no `/`.
    public var name: PathBytes {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return self }
        return PathBytes(bytes: bytes[(slash + 1)...])
    }

    /// The folder part (`.` for a bare name, `/` for `/x`), as ``PathText``'s `parent(of:)`.
    public var parent: PathBytes {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == 0 ? "/" : PathBytes(bytes: bytes[..<slash])
    }

    /// Whether the path is `folder/…`: inside `folder`, whatever depth.
    public func isInside(_ folder: PathBytes) -> Bool {
        bytes.count > folder.bytes.count + 1 && bytes.starts(with: folder.bytes + [UInt8(ascii: "/")])
    }

    /// Calls `body` with the path as a NUL-terminated C string, for a system call.
    public func withCString<R>(_ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// Byte order: for UTF-8 in NFC (every name HanJul writes), the order of the text.
    public static func < (lhs: PathBytes, rhs: PathBytes) -> Bool { lhs.bytes.lexicographicallyPrecedes(rhs.bytes) }

    /// ``shown``.
    public var description: String { shown }

    /// The path to print, distinct for distinct paths: ``shown(asciiOnly:)`` with any script.
    public var shown: String { shown(asciiOnly: false) }

    /// The path to print: its text, with escapes for what is not plain text. Two different
    /// paths never give the same result, because every `\` in it starts an escape:
    ///
    /// - a byte that is not part of valid UTF-8 is `\xFF` (two hex digits);
    /// - a backslash is `\\`, so a name holding the text `\xFF` shows as `\\xFF`;
    /// - what ``visible(_:limit:)`` escapes is escaped the same way (`\e`, `\t`, `\n`, `\r`,
    ///   `\u{202E}`), a variation selector even after an emoji (with it or without, the
    ///   names differ); so are unassigned code points and a combining mark that starts a
    ///   name (which the screen would draw as `?`);
    /// - with `asciiOnly`, every other character but printable ASCII is `\u{XXXX}` too (the
    ///   screen's ASCII mode would draw it as `?`).
    ///
    /// A path of printable ASCII without `\` (every name HanJul writes) shows as it is.
    ///
    /// ```swift
    /// PathBytes(bytes: Array("a".utf8) + [0xFF]).shown   // #"a\xFF"#
    /// PathBytes(#"a\xFF"#).shown                          // #"a\\xFF"#
    /// ```
    /// - Complexity: O(n) in the bytes.
    public func shown(asciiOnly: Bool) -> String {
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) {
            return String(decoding: bytes, as: UTF8.self)
        }
        var out = String.UnicodeScalarView()
        func escape(_ text: String) { out.append(contentsOf: text.unicodeScalars) }
        var parser = Unicode.UTF8.ForwardParser()
        var input = bytes.makeIterator()
        var offset = 0
        var startsName = true
        while true {
            switch parser.parseScalar(from: &input) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                offset += encoded.count
                let category = scalar.properties.generalCategory
                let isMark = category == .nonspacingMark || category == .spacingMark || category == .enclosingMark
                if scalar == "\\" {
                    escape(#"\\"#)
                } else if isHidden(scalar) {
                    escape(visible(String(scalar)))
                } else if category == .unassigned || (isMark && startsName) || (asciiOnly && scalar.value > 0x7E) {
                    escape("\\u{\(String(scalar.value, radix: 16, uppercase: true))}")
                } else {
                    out.append(scalar)
                }
                startsName = scalar == "/"
            case .error(let length):
                for byte in bytes[offset..<(offset + length)] {
                    escape(#"\x"# + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true))
                }
                offset += length
                startsName = false
            case .emptyInput:
                return String(out)
            }
        }
    }
}

extension PathBytes {
    /// Removes the file of exactly these bytes (`unlink`).
    ///
    /// - Throws: ``FileError`` (operation `remove`), named by ``shown``.
    public func remove() throws(FileError) { try Syscall.unlink(self) }

    /// The `lstat` of exactly these bytes (a link is not followed); nil when nothing is there.
    ///
    /// - Throws: ``FileError`` (operation `stat`) for any other failure.
    public func linkStatus() throws(FileError) -> FileStatus? { try Syscall.lstatIfPresent(self) }
}
