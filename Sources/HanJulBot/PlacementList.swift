/// The placements a `PlacementSearch` found, in the order found: a read-only view of the
/// search's buffer. Holding one keeps it as it is; the search's next run then writes
/// elsewhere.
public struct PlacementList: RandomAccessCollection, Sendable {
    let storage: SearchStorage
    public let count: Int

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    public subscript(position: Int) -> Placement {
        precondition(position >= 0 && position < count, "placement index out of range")
        return storage.placements[position]
    }

    /// Calls `body` with the placements as a buffer (valid only inside `body`).
    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Placement>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: storage.placements, count: count))
    }
}

/// A search's buffers, in one class so that hot loops write through pointers (no array
/// uniqueness check per element, no exclusivity check per access). `PlacementSearch`
/// replaces it when a `PlacementList` still holds it.
final class SearchStorage: @unchecked Sendable {
    private(set) var placements: UnsafeMutablePointer<Placement>
    private(set) var capacity: Int
    /// Placements written so far.
    var count = 0
    /// Per (canonical rotation state, box row, box column) key: the stamp of the search
    /// that found a placement there.
    private(set) var seenStamp: UnsafeMutablePointer<UInt32>
    private(set) var seenCapacity = 0
    /// Per column: the first filled row (the height when empty); four more past the last.
    let columnTop: UnsafeMutablePointer<Int>
    /// Per column of the piece being slid: its lowest cell's row plus one.
    let columnLows: UnsafeMutablePointer<Int>

    init() {
        capacity = 64
        placements = .allocate(capacity: capacity)
        seenStamp = .allocate(capacity: 1)
        seenStamp.initialize(to: 0)
        seenCapacity = 1
        // Four past the widest board: a four-column window is read from any column.
        columnTop = .allocate(capacity: 68)
        columnTop.initialize(repeating: 0, count: 68)
        columnLows = .allocate(capacity: 64)
        columnLows.initialize(repeating: 0, count: 64)
    }

    deinit {
        placements.deinitialize(count: count)
        placements.deallocate()
        seenStamp.deallocate()
        columnTop.deallocate()
        columnLows.deallocate()
    }

    /// A copy holding the same placements (for a search whose list is still held).
    func copy() -> SearchStorage {
        let copy = SearchStorage()
        copy.reserve(count)
        copy.placements.initialize(from: placements, count: count)
        copy.count = count
        return copy
    }

    /// Room for `extra` more placements.
    func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(capacity * 2, count + extra)
        let fresh = UnsafeMutablePointer<Placement>.allocate(capacity: grown)
        fresh.moveInitialize(from: placements, count: count)
        placements.deallocate()
        placements = fresh
        capacity = grown
    }

    /// Appends one placement (room reserved or not).
    func append(_ placement: Placement) {
        reserve(1)
        (placements + count).initialize(to: placement)
        count += 1
    }

    /// Forgets every placement.
    func removeAll() {
        placements.deinitialize(count: count)
        count = 0
    }

    /// At least `size` stamps; new ones are 0 (no search's).
    func reserveStamps(_ size: Int) {
        guard size > seenCapacity else { return }
        seenStamp.deallocate()
        seenStamp = .allocate(capacity: size)
        seenStamp.initialize(repeating: 0, count: size)
        seenCapacity = size
    }

    /// Every stamp back to 0 (when the stamp counter wraps).
    func clearStamps() {
        seenStamp.update(repeating: 0, count: seenCapacity)
    }
}
