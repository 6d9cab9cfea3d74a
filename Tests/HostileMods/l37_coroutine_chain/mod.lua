-- case: a chain of 20000 nested coroutines (L-37)
-- expect: error "overflow|memory|budget|mod.lua:"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-37: a chain of 20000 nested coroutines", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local function nest(n)
        if n == 0 then return 0 end
        return coroutine.wrap(function() return nest(n - 1) end)()
      end
      nest(20000)
    end
  end,
}
