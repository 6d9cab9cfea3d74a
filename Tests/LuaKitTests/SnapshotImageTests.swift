@testable import LuaKit
import Testing

/// `restore()`'s shortcut (CLuaShim/image.c): a table whose bytes are as the snapshot left
/// them is not walked; any change, of whatever kind, is walked and put back (#38).
@Suite struct SnapshotImageTests {
    static let setUp = """
        t = { 1, 2, 3, x = 1, y = "a" }
        mt = { __index = function() return 0 end }
        plain = setmetatable({}, mt)
        """
    static let probe = """
        local function s(v) return tostring(v) end
        return table.concat({ s(t[1]), s(t[2]), s(t[3]), s(t.x), s(t.y), s(t.z), s(#t), s(rawlen(t)), s(t[1.5]),
          s(getmetatable(plain) == mt), s(getmetatable(t) == mt), s(string.extra), s(x), s(plain.anything) }, " ")
        """

    @Test func anUnchangedStateIsRestoredWithoutWalkingAnyTable() throws {
        let state = try makeState()
        _ = try run(state, Self.setUp)
        try state.snapshot(tables: [], functions: [])
        let images = state.snapshotImages
        #expect(images.taken > 4, "the globals, the libraries, t, mt, plain: \(images)")
        try state.restore()
        #expect(state.snapshotImages.walkedLastRestore == 0)
    }

    @Test(arguments: [
        "t[2] = 20", "t.x = 2", "t.y = nil", "t.z = true", "for i = 4, 100 do t[i] = i end", "t[1.5] = 1",
        "t[3] = nil", "setmetatable(plain, nil)", "setmetatable(t, mt)", "mt.__index = nil", "string.extra = 1",
        "x = 1", "t = { 1, 2, 3, x = 1 }", "t.y = nil t.w = \"a\"",
    ])
    func everyChangeIsPutBackAndTheNextRestoreIsClean(change: String) throws {
        let state = try makeState()
        _ = try run(state, Self.setUp)
        try state.snapshot(tables: [], functions: [])
        let before = try run(state, Self.probe)
        _ = try run(state, change)
        #expect(try run(state, Self.probe) != before, "the probe sees \(change)")
        try state.restore()
        #expect(try run(state, Self.probe) == before, "put back after \(change)")
        #expect(state.snapshotImages.walkedLastRestore >= 1, "\(change) was seen")
        // Put back, the table has a new image: the next restore walks nothing it need not.
        try state.restore()
        #expect(try run(state, Self.probe) == before)
        try state.restore()
        #expect(state.snapshotImages.walkedLastRestore == 0, "after \(change)")
    }
}
