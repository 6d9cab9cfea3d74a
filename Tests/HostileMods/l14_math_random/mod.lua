-- case: math.random comes from the game's seeded generator; randomseed does nothing (L-14)
-- expect: ok
-- within: 5s
-- deterministic
local kinds = { "I", "O", "T", "S", "Z", "J", "L" }
math.randomseed(12345)
local atload = math.random(1000000)
return {
  id = "hostile", name = "hostile", version = "1", description = "L-14", api = 1,
  next_piece = function(game)
    math.randomseed()
    return kinds[(math.random(7) + atload + math.floor(math.random() * 7)) % 7 + 1]
  end,
}
