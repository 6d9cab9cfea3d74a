-- case: a coroutine that calls the host, yields and is never resumed (L-40)
-- expect: ok
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-40: a coroutine that calls the host, yields and is never resumed", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local w = coroutine.wrap(function() game:fits("T", 0, 3, 0); pcall(coroutine.yield); game:width(); error("resumed?") end)
      w()
    end
  end,
}
