-- case: an error inside a wrap propagates (L-40)
-- expect: error "inside"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-40: an error inside a wrap propagates", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      coroutine.wrap(function() error("inside") end)()
    end
  end,
}
