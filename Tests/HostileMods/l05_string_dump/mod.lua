-- case: string.dump is absent (L-5)
-- expect: error "nil value"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-5: string.dump is absent", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local d = string.dump; d(print)
    end
  end,
}
