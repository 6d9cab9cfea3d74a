-- Guideline: the modern game as players know it, on HanJul's 10 x 20 board.
--
-- * SRS: the standard pieces are SRS's rotation states already; the kick tables below
--   are SRS's, for clockwise (C) and counter-clockwise (A), with I's own table and none
--   for O. SRS tables are written with y up; HanJul's y grows down, so every dy below is
--   the table's negated.
-- * 180° turns (F): the Guideline has none, so the kicks are TETR.IO's "SRS+" 180° kicks
--   (its kick set's "02" "13" "20" "31" entries, J L S T Z and I's own; O turns in place),
--   as in the kick data of halp1/triangle (src/engine/utils/kicks/data.ts, a client
--   library that mirrors TETR.IO's engine) and its other transcriptions (KKiiya/TetriON's
--   Kicks.cs, Yoreni/testtrip's RotationSystems.js). TETR.IO's y grows down, as HanJul's:
--   no negation there. Its first test, in place, is implicit; here it is written.
-- * Spawn: J L S T Z over columns 3-5, I over 3-6, O over 4-5 (0-based), flat side down;
--   each enters above the field (its lowest cells one row above the top) and drops one
--   row at once when it can, so its lowest cells are in the top row.
-- * Lock delay 500 ms with 15 resets (W<ms> runs it; see docs/RULES.md), hold (X), five
--   previews, the standard 7-bag.
-- * Scoring x level: 100/300/500/800 for 1-4 lines; T-spins (the engine's 3-corner test,
--   which needs the turn to be the T's last successful movement: a slide or a fall of a
--   row or more after it, a hard drop included, cancels the spin; Tetris Guideline 2009,
--   as TetrisWiki's "T-Spin" page states it)
--   400/800/1200/1600 for 0-3 lines, minis 100/200/400 for 0-2; back-to-back x 1.5 on
--   tetrises and spins that clear; combos 50 x (combo - 1); soft drop 1 point a row, hard
--   drop 2. Callouts name each.
-- * Game over: a piece that locks wholly above the top row (lock out).
--
-- Deviations (the board has no rows above the visible 20): cells of a piece that locks
-- partly above the top row are lost instead of kept in a hidden buffer, so a Guideline
-- "block out" (a new piece spawning into buffer blocks) cannot happen; a piece whose way
-- down is blocked at spawn stays above the field until it moves or locks out. Level goes
-- up every 10 lines (the Guideline's fixed goal); gravity follows the Guideline's curve,
-- (0.8 - (level - 1) x 0.007) ^ (level - 1) seconds a row, never under 16 ms.

-- SRS kicks, y down. Turns are "from>to" rotation states: 0 spawn, 1 right, 2 flipped, 3 left.
local JLSTZ = {
  ["0>1"] = { { 0, 0 }, { -1, 0 }, { -1, -1 }, { 0, 2 }, { -1, 2 } },
  ["1>0"] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, -2 }, { 1, -2 } },
  ["1>2"] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, -2 }, { 1, -2 } },
  ["2>1"] = { { 0, 0 }, { -1, 0 }, { -1, -1 }, { 0, 2 }, { -1, 2 } },
  ["2>3"] = { { 0, 0 }, { 1, 0 }, { 1, -1 }, { 0, 2 }, { 1, 2 } },
  ["3>2"] = { { 0, 0 }, { -1, 0 }, { -1, 1 }, { 0, -2 }, { -1, -2 } },
  ["3>0"] = { { 0, 0 }, { -1, 0 }, { -1, 1 }, { 0, -2 }, { -1, -2 } },
  ["0>3"] = { { 0, 0 }, { 1, 0 }, { 1, -1 }, { 0, 2 }, { 1, 2 } },
  -- 180°, TETR.IO SRS+ (y down as written there).
  ["0>2"] = { { 0, 0 }, { 0, -1 }, { 1, -1 }, { -1, -1 }, { 1, 0 }, { -1, 0 } },
  ["1>3"] = { { 0, 0 }, { 1, 0 }, { 1, -2 }, { 1, -1 }, { 0, -2 }, { 0, -1 } },
  ["2>0"] = { { 0, 0 }, { 0, 1 }, { -1, 1 }, { 1, 1 }, { -1, 0 }, { 1, 0 } },
  ["3>1"] = { { 0, 0 }, { -1, 0 }, { -1, -2 }, { -1, -1 }, { 0, -2 }, { 0, -1 } },
}

local I = {
  ["0>1"] = { { 0, 0 }, { -2, 0 }, { 1, 0 }, { -2, 1 }, { 1, -2 } },
  ["1>0"] = { { 0, 0 }, { 2, 0 }, { -1, 0 }, { 2, -1 }, { -1, 2 } },
  ["1>2"] = { { 0, 0 }, { -1, 0 }, { 2, 0 }, { -1, -2 }, { 2, 1 } },
  ["2>1"] = { { 0, 0 }, { 1, 0 }, { -2, 0 }, { 1, 2 }, { -2, -1 } },
  ["2>3"] = { { 0, 0 }, { 2, 0 }, { -1, 0 }, { 2, -1 }, { -1, 2 } },
  ["3>2"] = { { 0, 0 }, { -2, 0 }, { 1, 0 }, { -2, 1 }, { 1, -2 } },
  ["3>0"] = { { 0, 0 }, { 1, 0 }, { -2, 0 }, { 1, 2 }, { -2, -1 } },
  ["0>3"] = { { 0, 0 }, { -1, 0 }, { 2, 0 }, { -1, -2 }, { 2, 1 } },
  -- 180°, TETR.IO SRS+: one kick, back to the row (or column) the I was in.
  ["0>2"] = { { 0, 0 }, { 0, -1 } },
  ["1>3"] = { { 0, 0 }, { 1, 0 } },
  ["2>0"] = { { 0, 0 }, { 0, 1 } },
  ["3>1"] = { { 0, 0 }, { -1, 0 } },
}

-- The row of each kind's lowest cell inside its box, by rotation state (0-3): a piece at
-- box y locks wholly above the board when y + BOTTOM < 0.
local BOTTOM = {
  I = { [0] = 1, 3, 2, 3 }, O = { [0] = 1, 1, 1, 1 },
  T = { [0] = 1, 2, 2, 2 }, S = { [0] = 1, 2, 2, 2 }, Z = { [0] = 1, 2, 2, 2 },
  J = { [0] = 1, 2, 2, 2 }, L = { [0] = 1, 2, 2, 2 },
}

local LINES = { 100, 300, 500, 800 }
local NAMES = { "SINGLE", "DOUBLE", "TRIPLE", "TETRIS" }
local SPIN = { [0] = 400, 800, 1200, 1600 }
local MINI = { [0] = 100, 200, 400 }

return {
  id = "guideline",
  name = "Guideline",
  version = "1.1.0",
  description = "The modern game: SRS kicks both ways, 180° turns, 500 ms lock delay with 15 resets, hold, "
    .. "5 previews, T-spins, back-to-back and combos, with callouts.",
  api = 1,

  counterclockwise = true,
  rotate_180 = true,
  hold = true,
  preview = 5,
  lock_delay = { ms = 500, resets = 15 },
  kicks = { default = JLSTZ, I = I, O = { { 0, 0 } } },

  -- Above the field, then the one-row drop when there is room.
  spawn = function(game, letter)
    if game:fits(letter, 0, 3, -1) then return 3, -1, 0 end
    return 3, -2, 0
  end,

  gravity = function(level)
    -- The curve passes 16 ms (about 1G) at level 15, where the Guideline's marathon ends,
    -- and stays there: under 1 ms it would read as 0, instant gravity (20G, Master's).
    level = math.min(level, 30)
    local seconds = (0.8 - (level - 1) * 0.007) ^ (level - 1)
    return math.max(16, math.floor(seconds * 1000))
  end,

  soft_drop_points = function(rows)
    return rows
  end,

  -- Lines: the spin's value or the standard one, x 1.5 back-to-back, x level, plus the combo.
  scoring = function(game, lines, level)
    local facts = game:lock_facts()
    local base, name = LINES[math.min(lines, 4)], NAMES[math.min(lines, 4)]
    if facts.spin == "full" then
      base, name = SPIN[math.min(lines, 3)], "T-SPIN " .. NAMES[math.min(lines, 3)]
    elseif facts.spin == "mini" then
      base, name = MINI[math.min(lines, 2)], "MINI T-SPIN " .. NAMES[math.min(lines, 2)]
    end
    if facts.back_to_back then
      base, name = base * 3 // 2, "BACK-TO-BACK " .. name
    end
    if lines >= 4 or facts.spin ~= "none" then game:announce(name) end
    if facts.combo >= 2 then game:announce("COMBO " .. (facts.combo - 1)) end
    return base * level + 50 * (facts.combo - 1) * level
  end,

  after_lock = function(game, cleared)
    if cleared > 0 then return end
    local facts = game:lock_facts()
    if facts.spin == "full" then
      game:add_score(SPIN[0] * game:level())
      game:announce("T-SPIN")
    elseif facts.spin == "mini" then
      game:add_score(MINI[0] * game:level())
      game:announce("MINI T-SPIN")
    end
  end,

  -- Lock out: the whole piece above the top row ends the game.
  on_lock = function(game, letter, rotation, _, y)
    if y + BOTTOM[letter][rotation] < 0 then game:top_out() end
  end,
}
