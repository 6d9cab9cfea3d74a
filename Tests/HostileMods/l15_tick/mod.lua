-- case: the game tick counter is the host's clock (L-15)
-- expect: ok
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-15: the game tick counter is the host's clock", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      if type(game:tick()) ~= "number" then error("no tick") end
    end
  end,
}
