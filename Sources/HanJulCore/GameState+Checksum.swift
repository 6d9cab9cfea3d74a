extension GameState {
    /// A 64-bit FNV-1a digest of everything that decides the rest of the game: board
    /// cells, piece, queue, score, lines, level, counters, generator state, the lock timer
    /// (under a lock delay) and phase.
    ///
    /// Replays store it every few pieces so a divergence is found where it starts.
    /// Not cryptographic: it detects accidents and drift, not forgery.
    public var checksum: UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ value: UInt64) {
            var v = value
            for _ in 0..<8 {
                hash = (hash ^ (v & 0xFF)) &* 0x0000_0100_0000_01B3
                v >>= 8
            }
        }
        func mix(_ value: Int) { mix(UInt64(bitPattern: Int64(value))) }
        mix(board.width)
        mix(board.height)
        for y in 0..<board.height {
            for x in 0..<board.width { mix(board.kind(atX: x, y: y) ?? -1) }
            mix(board.hidden[y])
        }
        mix(piece.kind); mix(piece.rotation); mix(piece.x); mix(piece.y)
        mix(queue.count)
        for kind in queue { mix(kind) }
        mix(held ?? -1); mix(holdUsed ? 1 : 0)
        mix(score); mix(lines); mix(level)
        mix(dealt.count); mix(piecesLocked); mix(ticks)
        mix(random.state)
        // Only lock-delay rules move these off 0: the standard game's digests stay as they were.
        if lockElapsed != 0 || lockResets != 0 || lowestRow != 0 {
            mix(lockElapsed); mix(lockResets); mix(lowestRow)
        }
        // Only `W` moves the clock: scripts and replays without it keep their digests.
        if elapsedMilliseconds != 0 { mix(elapsedMilliseconds) }
        // Only rules that set the level or end the queue move these: other digests stay.
        if levelSetByRules || queueEnded { mix(levelSetByRules ? 1 : 0); mix(queueEnded ? 1 : 0) }
        // Only rules with an entry delay move these: other digests stay.
        if entryDelayLeft != 0 || entryTurn != 0 || entryHold {
            mix(entryDelayLeft); mix(Int(entryTurn)); mix(entryHold ? 1 : 0)
        }
        mix(isOver ? 1 : 0)
        return hash
    }
}
