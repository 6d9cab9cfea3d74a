-- case: coroutine.yield outside a coroutine (L-39)
-- expect: error "yield"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-39: coroutine.yield outside a coroutine", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      coroutine.yield(1)
    end
  end,
}
