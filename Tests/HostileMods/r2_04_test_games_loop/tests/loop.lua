local t = require("hanjul.test")
t.test("a million games", function()
  for _ = 1, 1000000 do t.game({}):play("H") end
end)
