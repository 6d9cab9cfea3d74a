-- case: coroutine.wrap loop (L-18)
-- expect: error "budget"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-18: coroutine.wrap loop", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      while true do pcall(coroutine.wrap(function() while true do end end)) end
    end
  end,
}
