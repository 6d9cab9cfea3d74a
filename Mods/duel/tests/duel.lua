local t = require("hanjul.test")
local mod = require("mod")

local function facts(lines, spin, combo, b2b, pc)
  return { lines = lines, spin = spin or "none", combo = combo or (lines > 0 and 1 or 0),
           back_to_back = b2b or false, perfect_clear = pc or false }
end

local function sends(f) return mod.attack(nil, f, 0) end

t.test("only four-row clears and T-spin doubles attack", function()
  t.eq(sends(facts(1)), 0)
  t.eq(sends(facts(2)), 0)
  t.eq(sends(facts(3)), 0)
  t.eq(sends(facts(4)), 4)
  t.eq(sends(facts(4, "none", 1, true)), 5, "back-to-back")
  t.eq(sends(facts(2, "full")), 3)
  t.eq(sends(facts(1, "full")), 0)
  t.eq(sends(facts(3, "full")), 0)
  t.eq(sends(facts(2, "mini")), 0)
end)

t.test("no combo and no perfect-clear bonus; the lines before are kept", function()
  t.eq(sends(facts(2, "none", 8)), 0)
  t.eq(sends(facts(4, "none", 1, false, true)), 4)
  t.eq(mod.attack(nil, facts(4), 3), 7)
  t.eq(mod.attack(nil, facts(0), 3), 3)
end)

t.test("the garbage table: two pieces of delay, four lines a lock, clean columns", function()
  t.eq(mod.garbage.delay, 2)
  t.eq(mod.garbage.cap, 4)
  t.eq(mod.garbage.messiness, 0)
end)

t.test("a tetris in a game: the lock's facts send 4", function()
  local g = t.game { pieces = "I", board = [[
    .IIIIIIIII
    .IIIIIIIII
    .IIIIIIIII
    .IIIIIIIII
  ]] }
  g:play("CLLLLLH")
  t.event(g, "cleared:4")
  t.eq(sends(g:lock_facts()), 4)
end)
