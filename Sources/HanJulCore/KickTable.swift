/// A rotation system as data: for each kind and each turn (from one rotation state to
/// another), the offsets tried in order; the first where the turned piece fits wins.
///
/// SRS is two such tables (one for J L S T Z, one for I, and none for O); the standard
/// rules use one list for every turn (`StandardRules.kickOffsets`). Offsets are in board
/// coordinates: `x` to the right, `y` **down** (SRS tables, written with `y` up, are
/// entered with `dy` negated).
///
/// ```
/// var table = KickTable(fallback: [Cell(x: 0, y: 0)])
/// table.set([Cell(x: 0, y: 0), Cell(x: -1, y: 0)], kind: 2, from: 0, to: 1)
/// table.offsets(kind: 2, from: 0, to: 1)   // [(0, 0), (-1, 0)]
/// table.offsets(kind: 2, from: 1, to: 2)   // [(0, 0)]: the fallback
/// ```
public struct KickTable: Equatable, Sendable {
    /// The offsets of every turn the table does not set.
    public let fallback: [Cell]
    /// Distinct offset lists; `slots` point into it.
    private var lists: [[Cell]]
    /// Per `kind * 64 + from * 8 + to`: 1 + the index in `lists`, or 0 for the fallback.
    private var slots: [UInt16]

    /// A table whose every turn tries `fallback`.
    public init(fallback: [Cell]) {
        self.fallback = fallback
        lists = []
        slots = []
    }

    /// Whether no turn has its own offsets.
    public var isUniform: Bool { lists.isEmpty }

    /// The offsets tried when `kind` turns from rotation state `from` to `to`.
    @inlinable
    public func offsets(kind: Int, from: Int, to: Int) -> [Cell] {
        let slot = slotIndex(kind: kind, from: from, to: to)
        return slot.map { entry(at: $0) } ?? fallback
    }

    /// The index into `slots` of one turn, or `nil` when it has none.
    @usableFromInline
    func slotIndex(kind: Int, from: Int, to: Int) -> Int? {
        guard kind >= 0, kind < PieceSet.maxKinds, (0..<8).contains(from), (0..<8).contains(to) else { return nil }
        let index = kind * 64 + from * 8 + to
        guard index < slots.count, slots[index] != 0 else { return nil }
        return index
    }

    @usableFromInline
    func entry(at slot: Int) -> [Cell] { lists[Int(slots[slot]) - 1] }

    /// Sets the offsets of one turn.
    /// - Precondition: `kind` is below `PieceSet.maxKinds` and both states below 8.
    public mutating func set(_ offsets: [Cell], kind: Int, from: Int, to: Int) {
        precondition(kind >= 0 && kind < PieceSet.maxKinds && (0..<8).contains(from) && (0..<8).contains(to),
                     "kick table turn out of range")
        let index = kind * 64 + from * 8 + to
        if slots.count <= index { slots += Array(repeating: 0, count: (kind + 1) * 64 - slots.count) }
        if let existing = lists.firstIndex(of: offsets) {
            slots[index] = UInt16(existing + 1)
        } else {
            lists.append(offsets)
            slots[index] = UInt16(lists.count)
        }
    }

    /// The table the standard rules turn with: `StandardRules.kickOffsets` for every turn.
    public static let standard = KickTable(fallback: StandardRules.kickOffsets)

    public static func == (a: KickTable, b: KickTable) -> Bool {
        guard a.fallback == b.fallback else { return false }
        let count = max(a.slots.count, b.slots.count)
        for index in 0..<count {
            let left = index < a.slots.count && a.slots[index] != 0 ? a.lists[Int(a.slots[index]) - 1] : a.fallback
            let right = index < b.slots.count && b.slots[index] != 0 ? b.lists[Int(b.slots[index]) - 1] : b.fallback
            if left != right { return false }
        }
        return true
    }
}
