-- case: game:random over extreme ranges (L-34)
-- expect: ok
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-34: game:random over extreme ranges", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      for _, r in ipairs({ { math.mininteger, math.maxinteger }, { math.maxinteger, math.mininteger }, { 0, -1 },
        { 2^63, 1 }, { 0/0, 1 } }) do pcall(game.random, game, r[1], r[2]) end
      assert(game:random(5, 5) == 5)
    end
  end,
}
