-- case: error(function) and error(coroutine) (L-31)
-- expect: error "function"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-31: error(function) and error(coroutine)", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      error(print)
    end
  end,
}
