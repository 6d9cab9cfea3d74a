-- case: calling a finished wrap (L-40)
-- expect: error "dead coroutine"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-40: calling a finished wrap", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local w = coroutine.wrap(function() return 1 end)
      w(); w()
    end
  end,
}
