local t = require("hanjul.test")

t.test("the T enters pointing down, at the bottom of its box", function()
  local g = t.game { pieces = "T" }
  t.eq(select(4, g:piece()), 0)
  g:play("H")
  t.board(g, [[
    ...TTT....
    ....T.....
  ]])
end)

t.test("a turn against the left wall kicks one column right", function()
  local g = t.game { pieces = "T" }
  g:play("CCC LLLL")             -- pointing right, its stem in column 0
  t.eq(select(3, g:piece()), -1)
  g:play("C")
  t.event(g, "rotated:1")        -- the second offset: one right
  t.eq(select(3, g:piece()), 0)
  g:play("H")
  t.board(g, [[
    TTT.......
    .T........
  ]])
end)

t.test("the I never kicks", function()
  local g = t.game { pieces = "I" }
  g:play("C RRRR")               -- upright against the right wall
  g:play("C")
  t.no_event(g, "rotated")
  t.eq(select(2, g:piece()), 1)
end)

t.test("I, S and Z have two states: two turns bring them back", function()
  for _, letter in ipairs({ "I", "S", "Z" }) do
    local g = t.game { pieces = letter }
    g:play("CC")
    t.eq(select(2, g:piece()), 0, letter)
  end
end)

t.test("a kick off the stack: a T turned at the bottom beside a ledge moves one right", function()
  local g = t.game { pieces = "T", board = [[
    I.........
    I.........
  ]] }
  g:play("CCC LLL " .. string.rep("D", 17))   -- pointing right, on the floor beside the ledge
  g:play("C")
  t.event(g, "rotated:1")
  g:play("H")
  t.board(g, [[
    ITTT......
    I.T.......
  ]])
end)
