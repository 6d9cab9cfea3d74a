-- case: collectgarbage('stop') does not stop the collector: the host's own garbage is still collected (L-6)
-- expect: ok
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-6: stopping the collector changes nothing", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      collectgarbage("stop")
      assert(collectgarbage("isrunning") == false)
      for i = 1, 3000 do game:placements("I") end      -- garbage the host allocates
      if collectgarbage("count") > 24 * 1024 then error("the collector was stopped") end
      collectgarbage("restart")
    end
  end,
}
