import HanJulSystem
import HanJulCore
import HanJulFiles
import HanJulNet
import HanJulRender
import HanJulReplay
import HanJulTerminal
import HanJulText

/// The thin driver around a `PlaySession`: it owns the terminal, the clock, the mod
/// watcher, a network match's connection to the peer (`PeerLink`: messages in as
/// `PlayInput.peer`, out from `PlayEffect.send`) and the replays folder it writes to (the session owns the store, the launcher
/// and the rules providers). It waits in `poll` until the session's next deadline, a key, a signal or a
/// watched file; hands the session what happened with the time; carries out the effects
/// (writes only the cells that changed, saves replays, suspends); and restores the
/// terminal on every way out (the `TerminalSession` does, in C, signals and crashes
/// included).
public struct PlayDriver {
    let terminal: TerminalSession
    var screen: ScreenBuffer
    var watcher: ModWatcher?
    /// A network match's peer (nil: none).
    var peer: PeerLink?
    /// Whether the peer's last read stopped at the most one turn hands over (more may wait).
    var peerBusy = false
    /// The data folder, where replays are saved; nil: nothing is saved.
    let dataDirectory: String?
    var nextWatchPoll: UInt64 = 0
    var framesWritten = 0
    /// Each replay that could not be saved, said again on standard error once the terminal
    /// is restored: a game quit mid-way (or ended by a signal) is gone from the screen
    /// before its message could be read.
    var unsaved: [String] = []
    #if HANJUL_TEST_SWITCHES
    /// TEST ONLY (`HANJUL_TEST_CRASH`, debug and test builds only): a deliberate crash.
    var testCrash: TestCrash?
    var testCrashArmed = false
    #endif

    /// Opens the terminal (or says why it cannot, before writing a byte), and runs
    /// `makeSession` with its size and the time.
    /// With `peer`, the session plays a network match over it: the link is read whenever
    /// it is readable, and drained for a moment when the session ends (a last BYE).
    public static func run(environment: [String: String], watchedFolders: [String], dataDirectory: String?,
                           colorMode chosen: ColorMode? = nil, peer: PeerLink? = nil,
                           makeSession: (Size, UInt64) -> PlaySession) -> Result<PlayExit, TerminalError> {
        let terminal: TerminalSession
        do throws(TerminalError) {
            terminal = try TerminalSession(environment: environment)
        } catch {
            return .failure(error)
        }
        let colorMode = chosen ?? RenderStyle.choose(ascii: false, environment: environment).1
        var driver = PlayDriver(terminal: terminal, screen: ScreenBuffer(colorMode: colorMode),
                                watcher: watchedFolders.isEmpty ? nil : ModWatcher(folders: watchedFolders),
                                dataDirectory: dataDirectory)
        driver.peer = peer
        #if HANJUL_TEST_SWITCHES
        driver.testCrash = TestCrash(environmentValue: environment["HANJUL_TEST_CRASH"])
        #endif
        var session = makeSession(terminal.size.renderSize, MonotonicClock.nanoseconds())
        let exit = driver.loop(&session)
        driver.peer?.drain(milliseconds: 500)
        // A network match acted on a signal itself (told the peer, said so): no re-raise.
        if case .versusEnded = exit { terminal.close(signalHandled: true) } else { terminal.close() }
        driver.reportUnsaved()
        return .success(exit)
    }

    /// Writes one line per replay that could not be saved to standard error (in ASCII under
    /// a locale that is not UTF-8).
    func reportUnsaved() {
        for problem in unsaved {
            let line = "hanjul play: " + visible(problem) + "\n"
            let text = LocaleCharset.isUTF8 ? line : ASCIIText.folded(line)
            try? FileDescriptor.standardError.writeAll(text.utf8)
        }
    }

    init(terminal: TerminalSession, screen: ScreenBuffer, watcher: ModWatcher?, dataDirectory: String?) {
        self.terminal = terminal
        self.screen = screen
        self.watcher = watcher
        self.dataDirectory = dataDirectory
    }

    // MARK: - The loop

    mutating func loop(_ session: inout PlaySession) -> PlayExit {
        draw(session.start())
        terminal.requestBackground()
        terminal.requestKeyEvents()
        while true {
            let now = MonotonicClock.nanoseconds()
            var deadlines: [UInt64] = []
            if let deadline = session.deadline { deadlines.append(deadline) }
            if let watcher, watcher.descriptor == nil { deadlines.append(max(nextWatchPoll, now)) }
            if peerBusy { deadlines.append(now) }
            if peer?.hasOutgoing == true { deadlines.append(now &+ 20_000_000) }
            let timeout = deadlines.min().map { Int(min(($0 > now ? $0 - now : 0) + 999_999, 3_600_000_000_000) / 1_000_000) } ?? -1
            let events = terminal.waitForEvents(timeoutMilliseconds: timeout, alsoWatching: peer?.descriptor.rawValue ?? watcher?.descriptor)
            let time = MonotonicClock.nanoseconds()
            var inputs: [PlayInput] = []
            for event in events {
                switch event {
                case .keys(let keys):
                    for key in keys where !interceptTestKey(key) { inputs.append(.key(key)) }
                case .keyboardProtocol(let on): inputs.append(.keyEvents(on))
                case .background(let red, let green, let blue):
                    inputs.append(.background(light: Theme.isLight(red: red, green: green, blue: blue)))
                case .resized(let size): inputs.append(.resized(size.renderSize))
                case .suspendRequested: inputs.append(.suspendRequested)
                case .resumed: inputs.append(.resumed)
                case .terminate(let signal): inputs.append(.terminate(signal: signal))
                case .inputClosed: inputs.append(.inputClosed)
                case .otherReady: if peer == nil, watcher?.poll() == true { inputs.append(.modsChanged) }
                }
            }
            if let input = readPeer(at: time) { inputs.append(input) }
            if let watcher, watcher.descriptor == nil, time >= nextWatchPoll {
                nextWatchPoll = time &+ ModWatcher.pollInterval
                if watcher.poll() { inputs.append(.modsChanged) }
            }
            if inputs.isEmpty { inputs = [.tick] }
            for input in inputs {
                if let exit = carryOut(session.handle(input, at: time), session: &session) { return exit }
            }
            #if HANJUL_TEST_SWITCHES
            // Armed by `!`: crash right after this wake's frame, whatever the state.
            if testCrashArmed, case .onKey(let kind)? = testCrash { TestCrash.crash(kind, frames: framesWritten) }
            #endif
        }
    }

    /// Does what the session asked; returns how the session ended, if it did.
    mutating func carryOut(_ effects: [PlayEffect], session: inout PlaySession) -> PlayExit? {
        for effect in effects {
            switch effect {
            case .draw(let frame):
                draw(frame)
            case .redrawAll:
                screen.invalidate()
            case .colors(let mode):
                screen = ScreenBuffer(colorMode: mode)
                screen.invalidate()
            case .saveReplay(let replay, let name):
                if let problem = save(replay, name: name) {
                    unsaved.append(problem)
                    if let exit = carryOut(session.handle(.replayNotSaved(problem), at: MonotonicClock.nanoseconds()), session: &session) {
                        return exit
                    }
                }
            case .suspend:
                terminal.suspend()
                screen.invalidate()
                if let exit = carryOut(session.handle(.resumed, at: MonotonicClock.nanoseconds()), session: &session) {
                    return exit
                }
            case .watch(let folders):
                watcher = folders.isEmpty ? nil : ModWatcher(folders: folders)
                nextWatchPoll = 0
            case .send(let messages):
                if let problem = send(messages),
                   let exit = carryOut(session.handle(.peerLost(problem), at: MonotonicClock.nanoseconds()), session: &session) {
                    return exit
                }
            case .quit(let exit):
                return exit
            case .exitBySignal(let signal):
                let driver = self
                terminal.exit(bySignal: signal) { driver.reportUnsaved() }
            }
        }
        return nil
    }

    /// What the peer sent since the last turn, or how the link failed (nil: nothing).
    mutating func readPeer(at time: UInt64) -> PlayInput? {
        guard peer != nil else { return nil }
        do throws(LinkError) {
            try peer!.flush()
            let messages = try peer!.takeAll(now: time)
            peerBusy = messages.count >= PeerLink.maxMessagesPerCall
            return messages.isEmpty ? nil : .peer(messages)
        } catch {
            // Said once: a link that failed is neither read nor watched again.
            (peer, peerBusy) = (nil, false)
            return .peerLost("\(error)")
        }
    }

    /// Sends `messages` to the peer; what went wrong, for the player (nil: sent or queued).
    mutating func send(_ messages: [VersusMessage]) -> String? {
        guard peer != nil else { return nil }
        do throws(LinkError) {
            for message in messages { try peer!.send(message) }
            return nil
        } catch {
            peer = nil
            return "\(error)"
        }
    }

    mutating func draw(_ frame: Frame) {
        let bytes = screen.update(to: frame)
        guard !bytes.isEmpty else { return }
        try? terminal.write(bytes: bytes)
        framesWritten += 1
        #if HANJUL_TEST_SWITCHES
        if let crash = testCrash {
            switch crash {
            case .afterFrame(let count) where framesWritten >= count: TestCrash.trap(frames: framesWritten)
            default: break
            }
        }
        #endif
    }

    /// TEST ONLY: the `!` key arms `HANJUL_TEST_CRASH=on-key` (never seen by the session).
    mutating func interceptTestKey(_ event: KeyEvent) -> Bool {
        #if HANJUL_TEST_SWITCHES
        if testCrash?.isOnKey == true, event.key == .character("!") {
            if event.kind == .press { testCrashArmed = true }
            return true
        }
        #endif
        return false
    }

    /// Writes a replay into `replays/` of the data folder; a line for the player when that
    /// failed.
    func save(_ replay: Replay, name: String) -> String? {
        Self.save(replay, name: name, dataDirectory: dataDirectory)
    }

    /// Writes a replay as `<name>.hjr` (or `<name>-2.hjr`… when taken) into `replays/` of
    /// `dataDirectory` (nil: nowhere); a line for the player when that failed.
    static func save(_ replay: Replay, name: String, dataDirectory: String?) -> String? {
        guard let data = dataDirectory else { return nil }
        let folder = data + "/replays"
        var path = folder + "/\(name).hjr"
        var suffix = 2
        while FileSystem.exists(path) && suffix < 100 {
            path = folder + "/\(name)-\(suffix).hjr"
            suffix += 1
        }
        do throws(FileError) {
            try ReplayFile.write(replay, to: path)
            return nil
        } catch {
            return "could not save the replay to \(error.path): \(error.reason)"
        }
    }
}
