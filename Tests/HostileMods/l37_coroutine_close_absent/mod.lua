-- case: coroutine.close is removed (5.4.4 C-stack bug) (L-37)
-- expect: error "nil value"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-37: coroutine.close is removed (5.4.4 C-stack bug)", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      coroutine.close(coroutine.create(print))
    end
  end,
}
