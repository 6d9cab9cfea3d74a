-- case: exhaust the budget, then call every host function (L-29)
-- expect: error "memory|budget"
-- within: 10s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-29: exhaust the budget, then call every host function", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local hog = {}
      pcall(function() for i = 1, 1e9 do hog[i] = i end end)
      for _, name in ipairs({ "width", "height", "piece", "queue", "kinds", "held", "score", "lines", "level", "dealt", "tick", "is_over" }) do
        game[name](game)
      end
      game:cell(0, 0); game:row(5); game:fits("T", 0, 3, 0); game:random(6)
      game:set_cell(0, 19, "T"); game:add_score(1)
      local more = {}
      for i = 1, 1e9 do more[i] = i end
    end
  end,
}
