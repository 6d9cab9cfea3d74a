-- case: a refused __gc under pcall leaves nothing behind (L-10)
-- expect: ok
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-10: a refused __gc under pcall leaves nothing behind", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      for i = 1, 50 do pcall(setmetatable, {}, { __gc = function() while true do end end }) end
      local junk = {}
      for i = 1, 20000 do junk[i % 100 + 1] = { i } end
    end
  end,
}
