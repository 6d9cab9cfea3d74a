#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

#if os(Linux)
/// The kernel's file-change notices (`inotify(7)`): a descriptor that turns readable when
/// a watched folder changes, and the events read from it.
public struct Inotify: Sendable {
    public let descriptor: FileDescriptor

    /// What a watch reports, and what an event says (`IN_*`).
    public struct Events: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let modified = Events(rawValue: UInt32(IN_MODIFY))
        public static let closedAfterWriting = Events(rawValue: UInt32(IN_CLOSE_WRITE))
        public static let created = Events(rawValue: UInt32(IN_CREATE))
        public static let deleted = Events(rawValue: UInt32(IN_DELETE))
        public static let movedFrom = Events(rawValue: UInt32(IN_MOVED_FROM))
        public static let movedTo = Events(rawValue: UInt32(IN_MOVED_TO))
        public static let attributesChanged = Events(rawValue: UInt32(IN_ATTRIB))
        public static let deletedItself = Events(rawValue: UInt32(IN_DELETE_SELF))
        public static let movedItself = Events(rawValue: UInt32(IN_MOVE_SELF))
        /// For a watch: only if the path is a folder.
        public static let onlyDirectory = Events(rawValue: UInt32(IN_ONLYDIR))
        /// In an event: the kernel's queue overflowed, events were lost.
        public static let queueOverflowed = Events(rawValue: UInt32(IN_Q_OVERFLOW))
        /// In an event: the watch is gone.
        public static let ignored = Events(rawValue: UInt32(IN_IGNORED))
        /// In an event: the entry is a folder.
        public static let isDirectory = Events(rawValue: UInt32(IN_ISDIR))
    }

    /// One event: the watch it came from, what happened, and the entry's name (bytes,
    /// without padding; empty for the watched folder itself).
    public struct Event: Sendable {
        public let watch: Int32
        public let events: Events
        public let name: [UInt8]
    }

    /// A new, non-blocking, close-on-exec instance (`inotify_init1(2)`); nil when refused.
    public static func make() -> Inotify? {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        return descriptor >= 0 ? Inotify(descriptor: FileDescriptor(rawValue: descriptor)) : nil
    }

    /// Watches the folder `path` for `events` (`inotify_add_watch(2)`); the watch's number,
    /// or nil when refused (out of watches: `ENOSPC`).
    public func watch(_ path: String, for events: Events) -> Int32? {
        let watch = inotify_add_watch(descriptor.rawValue, path, events.rawValue)
        return watch >= 0 ? watch : nil
    }

    /// The events in the first `count` bytes of `buffer` (what one read gave).
    public static func events(in buffer: [UInt8], count: Int) -> [Event] {
        let header = MemoryLayout<inotify_event>.size
        var events: [Event] = []
        var offset = 0
        while offset + header <= count {
            let (watch, mask, nameLength) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                return (event.wd, event.mask, Int(event.len))
            }
            let nameStart = offset + header
            let nameEnd = min(nameStart + nameLength, count)
            events.append(Event(watch: watch, events: Events(rawValue: mask), name: Array(buffer[nameStart..<nameEnd].prefix { $0 != 0 })))
            offset = nameEnd
        }
        return events
    }
}
#endif
