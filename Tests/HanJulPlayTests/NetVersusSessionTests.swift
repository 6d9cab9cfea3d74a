import Foundation
import HanJulCore
import HanJulFiles
import HanJulNet
@testable import HanJulPlay
@testable import HanJulPlayerFiles
import HanJulRender
import HanJulReplay
import HanJulTerminal
import Testing

/// #35 item 3: a network match is a screen of the play session. Two sessions (the host's and
/// the joiner's) run in-process on a clock the test moves by hand, their `.send` effects
/// carried to each other as `.peer` inputs after a delay: a key held on one side auto-shifts
/// at its DAS and ARR, the peer's copy of that side's game agrees to its end, the match ends
/// on a screen that waits for a key, each side saves an .hjvs that verifies and a versus
/// table row, and a rematch both ask for starts on a new seed.
@Suite struct NetVersusSessionTests {
    typealias Screen = NetVersusScreen<StandardRules>

    /// Every lock sends one line: garbage flows both ways all game.
    static func rules() -> VersusRules<StandardRules> {
        VersusRules(rules: StandardRules(), garbage: GarbageRules(delay: 0, cap: 4, cancels: false)) { _ in 1 }
    }

    static let handling = HandlingSettings(das: 150, arr: 50, softDrop: 20, dasCut: 17)

    /// Both processes, the wire between them, and each one's script of keys.
    struct Table {
        var sessions: [PlaySession]
        var wires: [[(due: UInt64, messages: [VersusMessage])]] = [[], []]  // wires[p]: to process p
        var keys: [[(at: UInt64, event: KeyEvent)]] = [[], []]
        var exits: [PlayExit?] = [nil, nil]
        var now: UInt64 = 0
        let latency: UInt64

        init(folders: [String], latency: UInt64 = 30_000_000, seeds: [UInt64] = [777, 1]) throws {
            self.latency = latency
            sessions = try (0..<2).map { me in
                let terms = NetVersusTerms(me: me, seed: 5, bestOf: 1, mods: [], peerName: me == 0 ? "joiner" : "host")
                let environment = PlayEnvironment(store: FileStore(dataDirectory: folders[me]), newSeed: { seeds[me] },
                                                  date: { ("20250301-14223\(me)", "2025-03-01 14:22") })
                var session = try PlaySession.network(terms: terms, make: NetVersusSessionTests.rules,
                                                      config: PlayConfig(handling: NetVersusSessionTests.handling, style: .monochrome, colorMode: .none),
                                                      size: Size(width: 110, height: 30), reportsReleases: true, now: 0, environment: environment)
                _ = session.start()
                return session
            }
        }

        func screen(_ p: Int) -> Screen { sessions[p].layers[0].screen as! Screen }

        /// Hands process `p` an input now; what it sends goes on the wire.
        mutating func give(_ p: Int, _ input: PlayInput) {
            guard exits[p] == nil else { return }
            for effect in sessions[p].handle(input, at: now) {
                switch effect {
                case .send(let messages): wires[1 - p].append((now + latency, messages))
                case .quit(let exit): exits[p] = exit
                default: break
                }
            }
        }

        /// Runs the clock to `end` (nanoseconds) or until `stop` holds: at each moment
        /// something is due (a deadline, a message arriving, a scripted key), it is handed over.
        mutating func run(until end: UInt64, stop: (Table) -> Bool = { _ in false }) {
            while now < end, !stop(self) {
                var next = end
                for p in 0..<2 where exits[p] == nil {
                    if let deadline = sessions[p].deadline { next = min(next, max(deadline, now + 1)) }
                    if let due = wires[p].first?.due { next = min(next, due) }
                    if let key = keys[p].first?.at { next = min(next, key) }
                }
                now = max(now, next)
                for p in 0..<2 {
                    while let key = keys[p].first, key.at <= now {
                        keys[p].removeFirst()
                        give(p, .key(key.event))
                    }
                    let arrived = wires[p].prefix { $0.due <= now }.flatMap(\.messages)
                    wires[p].removeFirst(wires[p].prefix { $0.due <= now }.count)
                    if !arrived.isEmpty { give(p, .peer(arrived)) }
                    if let deadline = sessions[p].deadline, deadline <= now { give(p, .tick) }
                }
            }
        }

        /// Process `p` presses (and later releases) `key` at these milliseconds after `start`.
        mutating func script(_ p: Int, _ key: Key, pressAt press: UInt64, releaseAt release: UInt64) {
            keys[p] += [(press, .press(key)), (release, .release(key))]
            keys[p].sort { $0.at < $1.at }
        }
    }

    static func folders() throws -> [String] {
        try (0..<2).map { p in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hanjul-netversus-\(p)-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return folder
        }
    }

    static func ms(_ value: UInt64) -> UInt64 { value * 1_000_000 }

    @Test func aHeldKeyAutoShiftsAndThePeersCopyAgreesToTheEndThenTheMatchIsSavedAndRematched() throws {
        let folders = try Self.folders()
        defer { for folder in folders { try? FileManager.default.removeItem(atPath: folder) } }
        var table = try Table(folders: folders)
        // READY both ways, then the countdown: GO 1.5 s after the peer's READY arrived.
        table.run(until: Self.ms(100))
        #expect(table.screen(0).isCountdown && table.screen(1).isCountdown, "\(table.screen(0).mode) \(table.screen(1).mode)")
        guard case .countdown(let go) = table.screen(0).mode else { return }
        // The host holds → for 400 ms (DAS 150, ARR 50: shifts at 0, 150, 200, … to the wall),
        // then hard-drops every 250 ms at the right wall: it tops out first.
        let press = go + Self.ms(300)
        table.script(0, .right, pressAt: press, releaseAt: press + Self.ms(400))
        for drop in 0..<60 { table.script(0, .space, pressAt: press + Self.ms(450 + 250 * UInt64(drop)), releaseAt: press + Self.ms(460 + 250 * UInt64(drop))) }
        // The joiner drops every 900 ms.
        for drop in 0..<30 { table.script(1, .space, pressAt: go + Self.ms(500 + 900 * UInt64(drop)), releaseAt: go + Self.ms(510 + 900 * UInt64(drop))) }
        table.run(until: Self.ms(60_000)) { $0.screen(0).mode == .over && $0.screen(1).mode == .over }
        let host = table.screen(0), joiner = table.screen(1)
        #expect(host.mode == .over && joiner.mode == .over,
                "\(host.mode) \(joiner.mode) at \(table.now / 1_000_000) ms: pieces \((0..<2).map { host.match.boards.state($0).piecesLocked }) \((0..<2).map { joiner.match.boards.state($0).piecesLocked }), clocks \(host.clock / 1_000_000) \(joiner.clock / 1_000_000), over \((0..<2).map { host.match.boards.isOver(side: $0) }) \((0..<2).map { joiner.match.boards.isOver(side: $0) }) heard \(host.match.peerMilliseconds) \(joiner.match.peerMilliseconds)")
        #expect(host.wins == [0, 1] && joiner.wins == [1, 0], "the host topped out first: \(host.wins) \(joiner.wins)")

        // The held key: one shift at the press, the auto-shift at DAS, then every ARR (whole ms of the game).
        let pressed = (press - go) / 1_000_000
        let hostGame = try #require(host.record.games.first), joinerGame = try #require(joiner.record.games.first)
        let shifts = hostGame.moves.filter { $0.side == 0 && !$0.accepts && $0.action == .right }.map(\.millisecond)
        #expect(Array(shifts.prefix(3)) == [pressed, pressed + 150, pressed + 200], "\(shifts)")
        // The peer's copy of the host's game: the very same actions at the very same times, to the same end.
        let own = hostGame.moves.filter { $0.side == 0 }, copy = joinerGame.moves.filter { $0.side == 0 }
        #expect(own.count > 10 && own == copy, "\(own.count) moves here, \(copy.count) in the peer's copy")
        #expect(hostGame.checksums[0] == joinerGame.checksums[0])
        #expect(host.match.boards.state(0).board == joiner.match.boards.state(0).board)
        #expect(host.match.boards.counters(0).received > 0 && host.match.boards.counters(1).received > 0, "garbage both ways")

        // The match-over screen waits for a key: no deadline, the box says so.
        #expect(table.sessions[0].deadline == nil)
        let over = table.sessions[0].frame.text
        #expect(over.contains("MATCH LOST") && over.contains("Enter rematch") && over.contains("replay saved: versus-"), "\(over)")
        #expect(table.sessions[1].frame.text.contains("MATCH WON"))
        // Each side's .hjvs verifies through a referee; each side has its versus table row.
        for (p, folder) in folders.enumerated() {
            let replays = try FileManager.default.contentsOfDirectory(atPath: folder + "/replays").filter { $0.hasSuffix(".hjvs") }
            try #require(replays.count == 1, "\(replays)")
            let replay = try VersusReplay(parsing: String(contentsOfFile: folder + "/replays/" + replays[0], encoding: .utf8))
            #expect(replay.announced && replay.dealing == .shared && replay.games.count == 1)
            #expect(replay.verify(game: 0, make: Self.rules) == nil, "process \(p)")
            #expect(replay.games[0].winner == 1)
            // Each file names its own player YOU: the host's side 0, the joiner's side 1 (`you 1`).
            #expect(replay.you == p && replay.opponentTitle == "PEER")
            #expect(replay.yourScore == (p == 0 ? [0, 1] : [1, 0]), "process \(p): \(replay.yourScore)")
            let reread = try VersusReplay(parsing: replay.text)
            #expect(reread.you == p && reread.text == replay.text)
            let results = try String(contentsOfFile: folder + "/versus.txt", encoding: .utf8)
            #expect(results == (p == 0 ? "peer\t0\t1\n" : "peer\t1\t0\n"), "\(results)")
        }

        // A rematch when both ask: a new match from game 1 on the host's new seed.
        table.keys = [[(table.now + Self.ms(10), .press(.enter))], [(table.now + Self.ms(500), .press(.enter))]]
        table.run(until: table.now + Self.ms(300))
        #expect(table.screen(0).mode == .rematchAsked && table.sessions[0].frame.text.contains("waiting for the peer to accept"))
        #expect(table.sessions[1].frame.text.contains("the peer asks for a rematch"))
        table.run(until: table.now + Self.ms(400))
        for p in 0..<2 {
            #expect(table.screen(p).isCountdown, "\(table.screen(p).mode)")
            #expect(table.screen(p).terms.seed == 777 && table.screen(p).wins == [0, 0] && table.screen(p).game == 1)
        }
        // q leaves: the line says how it went.
        table.keys = [[(table.now + Self.ms(10), .press(.character("q")))], []]
        table.run(until: table.now + Self.ms(200)) { $0.exits[1] != nil }
        #expect(table.exits[0] == .versusEnded(line: "you left the match", .finished))
        #expect(table.exits[1] == .versusEnded(line: "the peer left the match: the player left", .failed))
    }

    @Test func anImpossibleInputEndsTheMatchWithOneLine() throws {
        let folders = try Self.folders()
        defer { for folder in folders { try? FileManager.default.removeItem(atPath: folder) } }
        var table = try Table(folders: folders)
        table.run(until: Self.ms(2_000))
        table.give(1, .peer([.input(milliseconds: 5_000, action: .left)]))
        guard case .versusEnded(let line, let how)? = table.exits[1] else {
            Issue.record("still playing: \(String(describing: table.exits[1]))")
            return
        }
        #expect(how == .failed && line.hasPrefix("the peer sent an impossible input at 5.000 s: its time is ahead of the clock"), "\(line)")
        #expect(table.wires[0].last?.messages.last.map { if case .bye = $0 { true } else { false } } == true, "the peer is told")
    }
}
