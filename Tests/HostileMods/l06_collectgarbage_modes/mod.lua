-- case: every collectgarbage option answers as in Lua, tuning changes nothing, and the game goes on (L-6)
-- expect: ok
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-6: collectgarbage options", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local answers = {}
      for _, opt in ipairs({"stop", "restart", "collect", "step", "generational", "incremental", "isrunning", "setpause", "setstepmul"}) do
        answers[#answers + 1] = tostring(collectgarbage(opt, 1e9))
      end
      local got = table.concat(answers, " ")
      if got ~= "0 0 0 true incremental incremental true 200 100" then error("collectgarbage answered " .. got) end
    end
  end,
}
