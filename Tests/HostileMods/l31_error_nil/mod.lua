-- case: error(nil) (L-31)
-- expect: error "nil"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-31: error(nil)", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      error(nil)
    end
  end,
}
