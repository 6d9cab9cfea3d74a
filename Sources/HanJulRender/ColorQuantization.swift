/// The colour arithmetic behind `ColorMode`: exact `0xRRGGBB` values to palette indices.
public enum ColorQuantization {
    /// The channel levels of the xterm 6×6×6 cube (indices 16…231).
    public static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The nearest entry of the xterm 256-colour palette among the 6×6×6 cube (16…231)
    /// and the grey ramp (232…255, greys 8, 18, … 238), by squared RGB distance; a tie
    /// goes to the cube. The first 16 entries are never chosen (terminals redefine them).
    ///
    /// ```
    /// ColorQuantization.palette256Index(0xFF0000) == 196
    /// ColorQuantization.palette256Index(0x808080) == 244
    /// ```
    public static func palette256Index(_ rgb: UInt32) -> Int {
        let (r, g, b) = channels(rgb)
        let ri = cubeIndex(r), gi = cubeIndex(g), bi = cubeIndex(b)
        let cubeDistance = square(r - cubeLevels[ri]) + square(g - cubeLevels[gi]) + square(b - cubeLevels[bi])
        let average = (r + g + b) / 3
        let greyStep = min(max((average - 8 + 5) / 10, 0), 23)
        let grey = 8 + 10 * greyStep
        let greyDistance = square(r - grey) + square(g - grey) + square(b - grey)
        return greyDistance < cubeDistance ? 232 + greyStep : 16 + 36 * ri + 6 * gi + bi
    }

    /// The colour of entry `index` (16…255) of the xterm 256-colour palette as `0xRRGGBB`;
    /// `nil` for the first 16 (terminals redefine them) and out-of-range indices.
    ///
    /// ```
    /// ColorQuantization.palette256Color(239) == 0x4E4E4E
    /// ```
    public static func palette256Color(_ index: Int) -> UInt32? {
        switch index {
        case 16...231:
            let n = index - 16
            let r = UInt32(cubeLevels[n / 36]), g = UInt32(cubeLevels[n / 6 % 6]), b = UInt32(cubeLevels[n % 6])
            return r << 16 | g << 8 | b
        case 232...255:
            let v = UInt32(8 + 10 * (index - 232))
            return v << 16 | v << 8 | v
        default:
            return nil
        }
    }

    /// One of the 16 ANSI colours (0…7 normal, 8…15 bright) for `rgb`, chosen by hue.
    ///
    /// Plain RGB distance to the 16 colours sends pastel tones astray (the standard S green
    /// lands on cyan, the Z pink on grey), so: a colour whose brightest channel is below 48
    /// is black (0); a colour with little saturation (under 25 %) is the nearest of the
    /// four greys (black 0, bright black 8, white 7, bright white 15); any other colour takes
    /// the nearest of the six hues (red 1, yellow 3, green 2, cyan 6, blue 4, magenta 5,
    /// at 0°, 60°, …, 300°), bright (+8) when its brightest channel is 153 or more.
    ///
    /// ```
    /// ColorQuantization.palette16Index(0x4ADE80) == 10   // S green → bright green
    /// ```
    public static func palette16Index(_ rgb: UInt32) -> Int {
        let (r, g, b) = channels(rgb)
        let high = max(r, g, b), low = min(r, g, b), chroma = high - low
        if high < 48 { return 0 }
        if chroma * 4 < high {
            let level = (r + g + b) / 3
            // Midpoints between 0, 127, 229 and 255.
            return level < 64 ? 0 : level < 178 ? 8 : level < 242 ? 7 : 15
        }
        // Hue in sixths of the circle, times `chroma` to stay in integers: 0…6 × chroma.
        var hue: Int
        if high == r {
            hue = g - b                      // −chroma…chroma around red (0)
            if hue < 0 { hue += 6 * chroma }
        } else if high == g {
            hue = b - r + 2 * chroma         // around green (2)
        } else {
            hue = r - g + 4 * chroma         // around blue (4)
        }
        // Nearest sextant, halves rounding up: (2·hue + chroma) / (2·chroma).
        let sextant = ((2 * hue + chroma) / (2 * chroma)) % 6
        let ansi = [1, 3, 2, 6, 4, 5][sextant]
        return high >= 153 ? ansi + 8 : ansi
    }

    /// One colour of the 16 (`0xRRGGBB`) that `palette16Index` maps back to `index`: what
    /// to draw a piece with so that the terminal shows exactly that entry.
    public static func palette16Representative(_ index: Int) -> UInt32 {
        let hues: [UInt32] = [0x000000, 0x900000, 0x009000, 0x909000, 0x000090, 0x900090, 0x009090, 0xE0E0E0]
        let bright: [UInt32] = [0x808080, 0xFF0000, 0x00FF00, 0xFFFF00, 0x0000FF, 0xFF00FF, 0x00FFFF, 0xFFFFFF]
        let i = min(max(index, 0), 15)
        return i < 8 ? hues[i] : bright[i - 8]
    }

    /// Entries of the 16 colours for a piece set's colours, all different where there are
    /// at most 14 colours (a 16-colour terminal must still tell the pieces apart: the
    /// standard L (orange) and Z (pink-red) both fall on bright red by hue alone).
    ///
    /// The entries are chosen together, at the lowest total cost, where the cost of an entry
    /// for a colour is its hue's distance in degrees plus 25 when brightness differs (bright
    /// entries for colours whose brightest channel is 153 or more); greys go to the four
    /// greys by lightness. Normal yellow (3) counts as orange, at 35°: most palettes draw it
    /// brown or amber (VGA, Tango, Solarized). Beyond 14 colours the rest take their
    /// nearest entry.
    ///
    /// ```
    /// ColorQuantization.distinctPalette16([0x3EC8E8, 0xFFC44D, 0xC084FC, 0x4ADE80, 0xFB7185, 0x60A5FA, 0xFB923C])
    ///     == [14, 11, 13, 10, 9, 12, 3]   // I O T S Z J L: seven different colours
    /// ```
    ///
    /// On a light background (`light`), the entries that all but vanish on white (bright
    /// yellow 11, bright cyan 14, the light greys 7 and 15) are left out, black (0) comes
    /// in, and every colour prefers the normal entries (darker in every palette).
    public static func distinctPalette16(_ colors: [UInt32], light: Bool = false) -> [Int] {
        let candidates = light ? [1, 2, 3, 4, 5, 6, 9, 10, 12, 13, 8, 0] : [1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14, 7, 8]
        let exact = Array(colors.prefix(candidates.count))
        let n = exact.count, width = candidates.count
        // cost[k * width + bit]: colour k drawn with candidates[bit].
        var cost = [Int](repeating: 0, count: n * width)
        for (k, color) in exact.enumerated() {
            for (bit, entry) in candidates.enumerated() { cost[k * width + bit] = palette16Cost(color, entry, light: light) }
        }
        // rest[used]: the cheapest way to draw the colours not yet drawn (as many as `used`
        // has bits) with the entries not in `used`. A mask is only ever followed by larger
        // ones, so one pass from the top fills it. Worked out once per game screen frame, so
        // flat arrays, not a dictionary of partial assignments.
        let masks = 1 << width
        var rest = [Int](repeating: 0, count: masks)
        for used in stride(from: masks - 1, through: 0, by: -1) {
            let k = used.nonzeroBitCount
            guard k < n else { continue }
            var least = Int.max
            for bit in 0..<width where used & (1 << bit) == 0 {
                let total = cost[k * width + bit] + rest[used | (1 << bit)]
                if total < least { least = total }
            }
            rest[used] = least
        }
        // Among the cheapest assignments, the one first in entry order, so the result never
        // depends on anything but the colours.
        var picks: [Int] = []
        var used = 0
        for k in 0..<n {
            var chosen = -1
            for bit in 0..<width where used & (1 << bit) == 0
                && cost[k * width + bit] + rest[used | (1 << bit)] == rest[used]
                && (chosen < 0 || candidates[bit] < candidates[chosen]) {
                chosen = bit
            }
            picks.append(candidates[chosen])
            used |= 1 << chosen
        }
        let others = colors.dropFirst(candidates.count).map { color in
            candidates.min { palette16Cost(color, $0, light: light) < palette16Cost(color, $1, light: light) }!
        }
        return picks + others
    }

    /// The cost of showing `rgb` as entry `index` (see `distinctPalette16`).
    static func palette16Cost(_ rgb: UInt32, _ index: Int, light: Bool = false) -> Int {
        let (r, g, b) = channels(rgb)
        let high = max(r, g, b), low = min(r, g, b), chroma = high - low
        // On white every colour is best drawn normal, not bright.
        let wantsBright = !light && max(r, g, b) >= 153
        if high < 48 || chroma * 4 < high {
            guard let level = greyLevel(index) else { return 400 }
            return abs((r + g + b) / 3 - level)
        }
        guard greyLevel(index) == nil else { return 400 }
        var hue: Int
        if high == r {
            hue = (g - b) * 60 / chroma
            if hue < 0 { hue += 360 }
        } else if high == g {
            hue = (b - r) * 60 / chroma + 120
        } else {
            hue = (r - g) * 60 / chroma + 240
        }
        let distance = abs(hue - entryHue(index))
        return min(distance, 360 - distance) + (wantsBright == (index >= 8) ? 0 : 25)
    }

    /// The lightness of the four grey entries (black, dark grey, light grey, white).
    static func greyLevel(_ index: Int) -> Int? {
        switch index {
        case 0: 0
        case 8: 127
        case 7: 229
        case 15: 255
        default: nil
        }
    }

    /// The hue in degrees of a colour entry; normal yellow (3) counts as orange.
    static func entryHue(_ index: Int) -> Int {
        switch index {
        case 3: 35
        case 11: 60
        case 2, 10: 120
        case 6, 14: 180
        case 4, 12: 240
        case 5, 13: 300
        default: 0
        }
    }

    /// The red, green and blue channels of `0xRRGGBB`.
    static func channels(_ rgb: UInt32) -> (Int, Int, Int) {
        (Int(rgb >> 16 & 0xFF), Int(rgb >> 8 & 0xFF), Int(rgb & 0xFF))
    }

    private static func cubeIndex(_ v: Int) -> Int { v < 48 ? 0 : v < 115 ? 1 : (v - 35) / 40 }
    private static func square(_ v: Int) -> Int { v * v }
}
