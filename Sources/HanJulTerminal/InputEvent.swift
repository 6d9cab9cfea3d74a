/// One thing decoded from terminal input: a key event, or a terminal's answer to a query.
public enum InputEvent: Hashable, Sendable {
    /// A key pressed, repeated or released.
    case key(KeyEvent)
    /// `CSI ? flags u`: the kitty keyboard protocol's flags, the answer to `CSI ? u`. Only
    /// terminals that speak the protocol send it.
    case keyboardFlags(Int)
    /// `CSI ? … c`: the primary device attributes, the answer to `CSI c`. Every terminal
    /// answers it; arriving without `keyboardFlags` first, it means "no kitty protocol".
    case deviceAttributes
    /// `OSC 11 ; rgb:…`: the terminal's background colour, the answer to `OSC 11 ; ?`.
    case background(red: UInt8, green: UInt8, blue: UInt8)
    /// Any other answer a terminal sends (secondary attributes, a cursor position, a mode
    /// report, a string): never a key.
    case reply
}
