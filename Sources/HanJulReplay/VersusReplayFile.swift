import HanJulCore

/// The `.hjvs` text format of a `VersusReplay` (docs/REPLAY.md "Versus match replays"),
/// beside the `.hjr` format (`ReplayFile`): written by `text`, read by `init(parsing:)`.
extension VersusReplay {
    public static let magic = "hanjul-versus 1"
    /// Format 2 adds a `mod ID SHA256 VERSION` line for each mod (a per-side match without
    /// mods is written as format 1, so older HanJul versions still read it); format 3 is a
    /// match of shared dealing (both sides the same pieces and holes), with or without mods.
    public static let magicPrefix = "hanjul-versus "
    public static let newestFormat = 3
    /// The longest mod version a match replay may name, in scalars (as `.hjr`).
    public static let maxVersionScalars = 3_100
    /// The most bytes a match replay may have when read.
    public static let maxBytes = 64 << 20

    // MARK: - Text

    public var text: String {
        let format = dealing == .shared ? "3" : modLocks.isEmpty ? "1" : "2"
        var lines = [Self.magicPrefix + format, "mods " + mods.joined(separator: " ")]
        lines += modLocks.map { "mod \($0.id) \($0.sha256) \($0.version)" }
        lines += ["bot " + bot, "pps \(piecesPerSecond)", "best-of \(bestOf)", "seed \(seed)"]
        if announced { lines.append("delivery announced") }
        if announced && you != 0 { lines.append("you \(you)") }
        for (index, game) in games.enumerated() {
            let winner = game.winner.map(String.init) ?? "-"
            lines.append("game \(index + 1) seed \(game.seed) winner \(winner) checksums "
                         + game.checksums.map { String($0, radix: 16) }.joined(separator: ","))
            for move in game.moves {
                lines.append("\(move.side) \(move.millisecond) " + (move.accepts ? "+" : ActionScript.text(of: [move.action])))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Why a file is not a match replay.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    /// Whether `bytes` start like a match replay.
    public static func looksLike(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: Array(magicPrefix.utf8))
    }

    public init(parsing text: String) throws(ParseError) {
        self.init(mods: [], bot: "", piecesPerSecond: 1, bestOf: 1, seed: 0)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first, first.hasPrefix(Self.magicPrefix) else {
            throw ParseError(line: 1, reason: "not a versus match replay (no '\(Self.magic)')")
        }
        guard let format = Int(first.dropFirst(Self.magicPrefix.count)), format >= 1 else {
            throw ParseError(line: 1, reason: "the match replay format after '\(Self.magicPrefix)' is not a number")
        }
        guard format <= Self.newestFormat else {
            throw ParseError(line: 1, reason: "written by a newer HanJul (match replay format \(format); this one reads 1 to \(Self.newestFormat))")
        }
        func value(_ index: Int, _ key: String) throws(ParseError) -> String {
            guard lines.indices.contains(index), lines[index] == key || lines[index].hasPrefix(key + " ") else {
                throw ParseError(line: index + 1, reason: "expected '\(key) …'")
            }
            return String(lines[index].dropFirst(key.count)).trimmingSpaces
        }
        mods = try value(1, "mods").split(separator: " ").map(String.init)
        modLocks = []
        dealing = format >= 3 ? .shared : .perSide
        if format == 3 {
            while lines.indices.contains(2 + modLocks.count), lines[2 + modLocks.count].hasPrefix("mod ") {
                let index = 2 + modLocks.count
                modLocks.append(try Self.modLock(String(lines[index].dropFirst(4)), line: index + 1))
            }
        } else if format == 2 {
            guard !mods.isEmpty else { throw ParseError(line: 2, reason: "format 2 is for matches under mods, and 'mods' names none") }
            // The mods as loaded (those required included), one line each; not trimmed: a
            // version is kept exactly.
            while lines.indices.contains(2 + modLocks.count), lines[2 + modLocks.count].hasPrefix("mod ") {
                let index = 2 + modLocks.count
                modLocks.append(try Self.modLock(String(lines[index].dropFirst(4)), line: index + 1))
            }
            guard !modLocks.isEmpty else { throw ParseError(line: 3, reason: "expected 'mod ID SHA256 VERSION' (format 2 records the mods' versions)") }
        }
        let base = 2 + modLocks.count  // the `bot` line's index
        bot = try value(base, "bot")
        guard let pps = Double(try value(base + 1, "pps")), pps > 0, pps <= 1000 else { throw ParseError(line: base + 2, reason: "pps must be a number above 0") }
        piecesPerSecond = pps
        guard let best = Int(try value(base + 2, "best-of")), (1...99).contains(best) else { throw ParseError(line: base + 3, reason: "best-of must be 1 to 99") }
        bestOf = best
        guard let matchSeed = UInt64(try value(base + 3, "seed")) else { throw ParseError(line: base + 4, reason: "the seed must be a whole number") }
        seed = matchSeed
        announced = format >= 3 && lines.indices.contains(base + 4) && lines[base + 4] == "delivery announced"
        var body = base + 4 + (announced ? 1 : 0)
        if announced, lines.indices.contains(body), lines[body].hasPrefix("you ") {
            guard let side = Int(lines[body].dropFirst(4)), side == 0 || side == 1 else {
                throw ParseError(line: body + 1, reason: "'you' names side 0 or 1")
            }
            you = side
            body += 1
        }
        games = []
        for (offset, line) in lines.dropFirst(body).enumerated() {
            let number = offset + body + 1
            let fields = line.split(separator: " ").map(String.init)
            if fields.first == "game" {
                guard fields.count == 8, fields[2] == "seed", fields[4] == "winner", fields[6] == "checksums",
                      let seed = UInt64(fields[3]) else { throw ParseError(line: number, reason: "expected 'game N seed S winner W checksums A,B'") }
                let winner: Int? = fields[5] == "-" ? nil : Int(fields[5])
                guard fields[5] == "-" || winner == 0 || winner == 1 else { throw ParseError(line: number, reason: "the winner must be 0, 1 or -") }
                let sums = fields[7].split(separator: ",").compactMap { UInt64($0, radix: 16) }
                guard sums.count == 2 else { throw ParseError(line: number, reason: "two checksums, in hexadecimal") }
                guard games.count < bestOf else { throw ParseError(line: number, reason: "more games than best of \(bestOf) can have") }
                games.append(Game(seed: seed, winner: winner, checksums: sums, moves: []))
                continue
            }
            guard !games.isEmpty else { throw ParseError(line: number, reason: "a move before the first 'game' line") }
            guard fields.count == 3, let side = Int(fields[0]), side == 0 || side == 1, let millisecond = UInt64(fields[1]) else {
                throw ParseError(line: number, reason: "expected 'SIDE MILLISECOND ACTION'")
            }
            if fields[2] == "+" {
                guard announced else { throw ParseError(line: number, reason: "'+' (garbage taken) only in a match of announced delivery") }
                games[games.count - 1].moves.append(.accept(side: side, millisecond: millisecond))
                continue
            }
            let actions: [Action]
            do { actions = try ActionScript.parse(fields[2], allowing: Set(Action.Kind.allCases)) } catch {
                throw ParseError(line: number, reason: "\(error)")
            }
            guard actions.count == 1 else { throw ParseError(line: number, reason: "one action a line") }
            games[games.count - 1].moves.append(VersusMove(side: side, action: actions[0], millisecond: millisecond))
        }
        guard !games.isEmpty else { throw ParseError(line: lines.count, reason: "no games") }
    }

    /// A `mod ID SHA256 VERSION` line's value (after `mod `).
    static func modLock(_ value: String, line: Int) throws(ParseError) -> RulesIdentity.Mod {
        let fields = value.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3 else { throw ParseError(line: line, reason: "expected 'mod ID SHA256 VERSION'") }
        let id = String(fields[0])
        guard (1...32).contains(id.utf8.count), id.utf8.allSatisfy({ (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F || $0 == 0x2D }) else {
            throw ParseError(line: line, reason: "not a mod id (1 to 32 of a-z, 0-9, _ and -)")
        }
        let sha = fields[1]
        guard sha.utf8.count == 64, sha.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            throw ParseError(line: line, reason: "mod '\(id)': the sha256 is not 64 lowercase hex digits")
        }
        let version = fields[2]
        // As an .hjr's: printed back, so plain visible text (no control characters).
        guard !version.isEmpty, version.unicodeScalars.count <= maxVersionScalars,
              !version.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            throw ParseError(line: line, reason: "mod '\(id)' has a version that is empty, too long, or holds control characters")
        }
        return RulesIdentity.Mod(id: id, version: String(version), sha256: String(sha))
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
