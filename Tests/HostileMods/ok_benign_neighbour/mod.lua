-- case: a harmless mod next to the benign one (baseline)
-- expect: ok
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "baseline: a harmless mod next to the benign one", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      game:add_score(1)
    end
  end,
}
