import HanJulPlay
@testable import HanJulPlayerFiles
import HanJulTerminal
import Testing

@Suite("Key bindings file")
struct KeyBindingsTests {
    @Test("the defaults: arrows, vim keys, WASD, Space, z, c, p, r, q, Esc, ?")
    func defaults() {
        let b = KeyBindings.defaults
        #expect(b.control(for: .left) == .left)
        #expect(b.control(for: .character("h")) == .left)
        #expect(b.control(for: .character("a")) == .left)
        #expect(b.control(for: .character("l")) == .right)
        #expect(b.control(for: .character("d")) == .right)
        #expect(b.control(for: .up) == .rotate)
        #expect(b.control(for: .character("w")) == .rotate)
        #expect(b.control(for: .character("j")) == .softDrop)
        #expect(b.control(for: .space) == .hardDrop)
        #expect(b.control(for: .character("z")) == .rotateCounterclockwise)
        #expect(b.control(for: .character("c")) == .hold)
        #expect(b.control(for: .character("p")) == .pause)
        #expect(b.control(for: .character("r")) == .restart)
        #expect(b.control(for: .character("q")) == .quit)
        #expect(b.control(for: .escape) == .quit)
        #expect(b.control(for: .control("c")) == .quit)
        #expect(b.control(for: .character("?")) == .help)
        #expect(b.control(for: .character("x")) == nil)
    }

    @Test("a line replaces that command's keys; a key it takes leaves its old command")
    func replaces() throws {
        let b = try KeyBindings.parse("""
            # my keys
            left = j, Left   # vim-ish
            hard_drop = Space, Enter

            """, path: "keys.conf")
        #expect(b.keys[.left] == [.character("j"), .left])
        #expect(b.control(for: .character("h")) == nil)
        #expect(b.control(for: .character("j")) == .left)
        #expect(b.keys[.softDrop] == [.down, .character("s")])
        #expect(b.control(for: .enter) == .hardDrop)
        #expect(b.control(for: .character("l")) == .right)
    }

    @Test("named keys, Ctrl-x, F-keys and comma/hash names")
    func names() throws {
        let b = try KeyBindings.parse("pause = F1, Ctrl-p, comma, hash, PageUp, esc\nquit = Q", path: "k")
        #expect(b.keys[.pause] == [.function(1, []), .control("p"), .character(","), .character("#"), .navigation(.pageUp, []), .escape])
        #expect(b.keys[.quit] == [.character("Q")])
        #expect(b.control(for: .control("c")) == .quit, "Ctrl-C always quits")
        #expect(b.control(for: .escape) == .pause)
    }

    @Test("a bad line names the file, the line and what is wrong", arguments: [
        ("left = h\nlft = a", "keys.conf:2: unknown command 'lft' (known: left, right, rotate, rotate_ccw, rotate_180, soft_drop, hard_drop, hold, pause, restart, quit, help)"),
        ("left h", "keys.conf:1: expected 'command = key, key', e.g. 'left = h, Left'"),
        ("left = h,, a", "keys.conf:1: an empty key name in the list for 'left'"),
        ("\n\nleft = Lefty", "keys.conf:3: unknown key 'Lefty' (use a single character, Left, Right, Up, Down, Space, Enter, Tab, Esc, Backspace, F1…F12, Ctrl-x, Shift, or a named key after Shift-, Ctrl- or Alt-)"),
        ("left = h\nright = h", "keys.conf:2: 'h' is already bound to left on line 1"),
        ("left = h\nleft = a", "keys.conf:2: 'left' is bound twice (lines 1 and 2)"),
        ("left = Ctrl-1", "keys.conf:1: unknown key 'Ctrl-1' (use a single character, Left, Right, Up, Down, Space, Enter, Tab, Esc, Backspace, F1…F12, Ctrl-x, Shift, or a named key after Shift-, Ctrl- or Alt-)"),
        ("left = \u{1B}[31m", "keys.conf:1: unknown key '?[31m' (use a single character, Left, Right, Up, Down, Space, Enter, Tab, Esc, Backspace, F1…F12, Ctrl-x, Shift, or a named key after Shift-, Ctrl- or Alt-)"),
    ])
    func errors(text: String, message: String) {
        #expect(throws: KeyBindings.ParseError.self) { try KeyBindings.parse(text, path: "keys.conf") }
        do {
            _ = try KeyBindings.parse(text, path: "keys.conf")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("the help lists the keys per command, leaving out what the rules lack")
    func help() {
        let lines = KeyBindings.defaults.helpLines(rules: [.left, .right, .rotate, .softDrop, .hardDrop, .gravity])
        #expect(lines.first == "left      ← h a")
        #expect(lines.contains("hard drop Space"))
        #expect(lines.contains("quit      q Esc") && lines.contains("          Ctrl-C"))
        #expect(!lines.contains { $0.hasPrefix("hold") || $0.hasPrefix("rotate ccw") })
        #expect(lines.allSatisfy { $0.count <= 18 }, "\(lines)")
        let modern = KeyBindings.defaults.helpLines(rules: [.left, .right, .rotate, .softDrop, .hardDrop, .gravity, .hold, .rotateCounterclockwise])
        #expect(modern.contains("hold       c"))
        #expect(modern.contains("rotate ccw z"))
    }

    @Test("keys.conf with CRLF line ends and a UTF-8 byte-order mark reads like any other")
    func crlfAndByteOrderMark() throws {
        let b = try KeyBindings.parse("\u{FEFF}left = j, Left\r\nhard_drop = Space, Enter\r\n# done\r\n", path: "keys.conf")
        #expect(b.keys[.left] == [.character("j"), .left])
        #expect(b.keys[.hardDrop] == [.space, .enter])
        do {
            _ = try KeyBindings.parse("\u{FEFF}left = h\r\nrigth = l\r\n", path: "keys.conf")
            Issue.record("no error")
        } catch {
            #expect(error.description == "keys.conf:2: unknown command 'rigth' (known: left, right, rotate, rotate_ccw, rotate_180, soft_drop, hard_drop, hold, pause, restart, quit, help)")
        }
        // A lone CR ends a line too (old Mac editors).
        let mac = try KeyBindings.parse("left = j\rright = l", path: "keys.conf")
        #expect(mac.keys[.right] == [.character("l")])
    }

    @Test("settings.conf: name = value lines, CRLF and a byte-order mark; errors name file:line, the value and the range")
    func settingsFile() throws {
        let settings = try PlayerSettings.parse("\u{FEFF}# mine\r\ndas = 120\r\narr = 0   # to the wall\r\nsoft_drop = 5\r\n", path: "settings.conf")
        #expect(settings.handling == HandlingSettings(das: 120, arr: 0, softDrop: 5, dasCut: 17))
        #expect(try PlayerSettings.parse("", path: "s") == .defaults)
        for (text, message) in [
            ("das = 1001", "settings.conf:1: das '1001' is out of range: give a whole number of milliseconds from 0 to 1000"),
            ("das = 100\ndas = 90", "settings.conf:2: 'das' is set twice (lines 1 and 2)"),
            ("speed = 3", "settings.conf:1: unknown setting 'speed' (known: das, arr, soft_drop, das_cut, countdown, ghost, preview, mods, name, replays_kept, palette, theme)"),
            ("arr 50", "settings.conf:1: expected 'name = value', e.g. 'das = 167'"),
            ("arr = 1.5", "settings.conf:1: arr '1.5' is out of range: give a whole number of milliseconds from 0 to 500"),
        ] {
            do {
                _ = try PlayerSettings.parse(text, path: "settings.conf")
                Issue.record("no error for \(text)")
            } catch {
                #expect(error.description == message)
            }
        }
        // What the file says when written back reads the same.
        #expect(try PlayerSettings.parse(settings.fileText, path: "s") == settings)
    }
}
