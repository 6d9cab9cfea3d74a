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

    /// The red, green and blue channels of `0xRRGGBB`.
    static func channels(_ rgb: UInt32) -> (Int, Int, Int) {
        (Int(rgb >> 16 & 0xFF), Int(rgb >> 8 & 0xFF), Int(rgb & 0xFF))
    }

    private static func cubeIndex(_ v: Int) -> Int { v < 48 ? 0 : v < 115 ? 1 : (v - 35) / 40 }
    private static func square(_ v: Int) -> Int { v * v }
}
