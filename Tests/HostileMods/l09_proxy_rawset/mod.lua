-- case: the game object is a read-only proxy: rawset only shadows the mod's own view (L-9)
-- expect: ok
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-9: the game object is a read-only proxy: rawset only shadows the mod's own view", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      if pcall(function() game.width = function() return 99 end end) then error("__newindex was not refused") end
      if type(getmetatable(game)) == "table" then error("the proxy's metatable is exposed") end
      if game:width() ~= 10 then error("width") end
      rawset(game, "width", function() return 99 end)
      rawset(game, "add_score", function() end)
      pcall(setmetatable, game, {})
      game:add_score(5)
    end
  end,
}
