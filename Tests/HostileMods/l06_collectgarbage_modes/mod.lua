-- case: every collectgarbage mode but count is refused, and the game goes on (L-6)
-- expect: ok
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-6: every collectgarbage mode but count is refused, and the game goes on", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      for _, opt in ipairs({"stop", "restart", "collect", "step", "generational", "incremental", "isrunning", "setpause"}) do
        local ok = pcall(collectgarbage, opt, 1e9)
        if ok then error("collectgarbage('" .. opt .. "') was allowed") end
      end
    end
  end,
}
