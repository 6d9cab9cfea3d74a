local t = require("hanjul.test")
t.test("keeps 150 games", function()
  local kept = {}
  for i = 1, 150 do kept[i] = t.game {} end
end)
t.test("a million games, errors caught", function()
  for _ = 1, 1000000 do pcall(t.game, {}) end
end)
