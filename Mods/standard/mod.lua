-- The standard rules of docs/RULES.md, restated through the hook API.
--
-- HanJul plays these rules built in; this mod is the proof that the API carries a whole
-- rule set: `hanjul run --mod standard …` gives the same game as `hanjul run …` for every
-- seed, piece sequence and action script. Copy it to start a variant.

local KINDS = { "I", "O", "T", "S", "Z", "J", "L" }

-- Points for 0 to 4 lines at once, before the level multiplier. Hoisted: a table built
-- inside the hook would be built on every call.
local LINE_POINTS = { [0] = 0, 100, 300, 500, 800 }

-- The 7-bag: each kind once, shuffled with the game's generator, dealt in order. The
-- shuffle is HanJul's own (Fisher-Yates from the last position down, drawing a number
-- from 0 to i), so a seed deals the same pieces with or without this mod. In a hook that
-- may change the game, math.random(0, i) and game:random(0, i) draw the same numbers from
-- the game's generator; math.random is the cheaper call (no trip through the game object).
local bag = {}
local dealt = #KINDS

local function next_piece()
  if dealt == #KINDS then
    for k = 1, #KINDS do bag[k] = KINDS[k] end
    for i = #KINDS - 1, 1, -1 do
      local j = math.random(0, i)
      bag[i + 1], bag[j + 1] = bag[j + 1], bag[i + 1]
    end
    dealt = 0
  end
  dealt = dealt + 1
  return bag[dealt]
end

return {
  id = "standard",
  name = "Standard",
  version = "1.0.0",
  description = "The standard rules, restated in Lua: 10x20, 7-bag, 100/300/500/800 x level.",
  api = 1,

  board = { width = 10, height = 20 },
  preview = 1,
  -- Clockwise rotation tries these offsets in order; the last is one row up.
  kicks = { { 0, 0 }, { -1, 0 }, { 1, 0 }, { -2, 0 }, { 2, 0 }, { 0, -1 } },
  pieces = {
    { letter = "I", color = "#3EC8E8", rotations = {
      { { 0, 1 }, { 1, 1 }, { 2, 1 }, { 3, 1 } }, { { 2, 0 }, { 2, 1 }, { 2, 2 }, { 2, 3 } },
      { { 0, 2 }, { 1, 2 }, { 2, 2 }, { 3, 2 } }, { { 1, 0 }, { 1, 1 }, { 1, 2 }, { 1, 3 } } } },
    { letter = "O", color = "#FFC44D", rotations = {
      { { 1, 0 }, { 2, 0 }, { 1, 1 }, { 2, 1 } }, { { 1, 0 }, { 2, 0 }, { 1, 1 }, { 2, 1 } },
      { { 1, 0 }, { 2, 0 }, { 1, 1 }, { 2, 1 } }, { { 1, 0 }, { 2, 0 }, { 1, 1 }, { 2, 1 } } } },
    { letter = "T", color = "#C084FC", rotations = {
      { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 2, 1 } }, { { 1, 0 }, { 1, 1 }, { 2, 1 }, { 1, 2 } },
      { { 0, 1 }, { 1, 1 }, { 2, 1 }, { 1, 2 } }, { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, 2 } } } },
    { letter = "S", color = "#4ADE80", rotations = {
      { { 1, 0 }, { 2, 0 }, { 0, 1 }, { 1, 1 } }, { { 1, 0 }, { 1, 1 }, { 2, 1 }, { 2, 2 } },
      { { 1, 1 }, { 2, 1 }, { 0, 2 }, { 1, 2 } }, { { 0, 0 }, { 0, 1 }, { 1, 1 }, { 1, 2 } } } },
    { letter = "Z", color = "#FB7185", rotations = {
      { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 2, 1 } }, { { 2, 0 }, { 1, 1 }, { 2, 1 }, { 1, 2 } },
      { { 0, 1 }, { 1, 1 }, { 1, 2 }, { 2, 2 } }, { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 0, 2 } } } },
    { letter = "J", color = "#60A5FA", rotations = {
      { { 0, 0 }, { 0, 1 }, { 1, 1 }, { 2, 1 } }, { { 1, 0 }, { 2, 0 }, { 1, 1 }, { 1, 2 } },
      { { 0, 1 }, { 1, 1 }, { 2, 1 }, { 2, 2 } }, { { 1, 0 }, { 1, 1 }, { 0, 2 }, { 1, 2 } } } },
    { letter = "L", color = "#FB923C", rotations = {
      { { 2, 0 }, { 0, 1 }, { 1, 1 }, { 2, 1 } }, { { 1, 0 }, { 1, 1 }, { 1, 2 }, { 2, 2 } },
      { { 0, 1 }, { 1, 1 }, { 2, 1 }, { 0, 2 } }, { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 1, 2 } } } },
  },

  next_piece = next_piece,

  -- Lines cleared at once score LINE_POINTS x the level before they count.
  scoring = function(_, lines, level)
    return LINE_POINTS[math.min(lines, 4)] * level
  end,

  level = function(lines)
    return 1 + lines // 10
  end,

  -- Milliseconds per gravity row.
  gravity = function(level)
    return math.max(120, 700 - (level - 1) * 45)
  end,

  -- Hard drops keep the standard 2 points per row: a hook a mod leaves out falls back to
  -- the standard rule (and costs nothing per piece).
}
