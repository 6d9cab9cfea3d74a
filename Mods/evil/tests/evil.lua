local t = require("hanjul.test")

t.test("no preview: the piece is chosen as it spawns", function()
  local g = t.game { seed = 1 }
  t.eq(table.concat({ g:queue() }), "")
end)

t.test("an empty board gets S and Z, the pieces that fit it worst", function()
  local sz = 0
  for seed = 1, 30 do
    local first = t.game { seed = seed }:dealt_letters()
    if first == "S" or first == "Z" then sz = sz + 1 end
  end
  -- Every deal but a mercy deal (about 1 in 4) is S or Z.
  t.ok(sz >= 22, sz .. " of 30 first pieces were S or Z")
end)

t.test("a four-deep well does not get its I", function()
  local wells = 0
  for seed = 1, 30 do
    local g = t.game { seed = seed, board = string.rep("OOOOOOOOO.\n", 4) }
    g:play("LLLLH")
    if g:dealt_letters():sub(2, 2) == "I" then wells = wells + 1 end
  end
  t.ok(wells <= 3, "the I came " .. wells .. " times in 30 (only mercy deals may bring it)")
end)

t.test("never the same kind three times in a row", function()
  for seed = 1, 5 do
    local g = t.game { seed = seed }
    g:play(string.rep("LLLLH RRRRH H RRH LLH ", 6))
    local dealt = g:dealt_letters()
    for i = 3, #dealt do
      local a, b, c = dealt:sub(i - 2, i - 2), dealt:sub(i - 1, i - 1), dealt:sub(i, i)
      t.ok(not (a == b and b == c), "seed " .. seed .. ": " .. dealt)
    end
  end
end)
