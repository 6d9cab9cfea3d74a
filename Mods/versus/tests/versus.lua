local t = require("hanjul.test")
local mod = require("mod")

local function facts(lines, spin, combo, b2b, pc)
  return { lines = lines, spin = spin or "none", combo = combo or (lines > 0 and 1 or 0),
           back_to_back = b2b or false, perfect_clear = pc or false }
end

local function sends(f) return mod.attack(nil, f, 0) end

t.test("clears send 0, 1, 2 and 4 lines", function()
  t.eq(sends(facts(0)), 0)
  t.eq(sends(facts(1)), 0)
  t.eq(sends(facts(2)), 1)
  t.eq(sends(facts(3)), 2)
  t.eq(sends(facts(4)), 4)
end)

t.test("T-spins send 2, 4 and 6; minis 0 and 1; a spin that clears nothing sends nothing", function()
  t.eq(sends(facts(1, "full")), 2)
  t.eq(sends(facts(2, "full")), 4)
  t.eq(sends(facts(3, "full")), 6)
  t.eq(sends(facts(1, "mini")), 0)
  t.eq(sends(facts(2, "mini")), 1)
  t.eq(sends(facts(0, "full")), 0)
end)

t.test("back-to-back adds one, combos add from the table, a perfect clear adds ten", function()
  t.eq(sends(facts(4, "none", 1, true)), 5)
  t.eq(sends(facts(2, "full", 1, true)), 5)
  t.eq(sends(facts(1, "none", 2)), 1, "the second clear in a row")
  t.eq(sends(facts(2, "none", 6)), 1 + 3, "the sixth")
  t.eq(sends(facts(1, "none", 40)), 5, "the table's last entry from the eleventh on")
  t.eq(sends(facts(4, "none", 1, false, true)), 14)
end)

t.test("the lines before are kept (attack chains)", function()
  t.eq(mod.attack(nil, facts(2), 3), 4)
  t.eq(mod.attack(nil, facts(0), 3), 3)
end)

t.test("a tetris in a guideline game: the lock's facts send 4", function()
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
