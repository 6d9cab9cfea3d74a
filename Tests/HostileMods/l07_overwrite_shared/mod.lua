-- case: overwriting string/table/math and the string metatable stays inside this mod (L-7)
-- expect: ok
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-7: overwriting string/table/math and the string metatable stays inside this mod", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      string.upper = function() return "EVIL" end
      string.format = nil
      math.max = function() return -1 end
      table.concat = error
      rawset(_G, "hard_drop_points", function() return -1 end)
      pcall(function() getmetatable("").__index = { upper = function() return "EVIL" end } end)
      pcall(setmetatable, _G, { __index = function() return "EVIL" end })
    end
  end,
}
