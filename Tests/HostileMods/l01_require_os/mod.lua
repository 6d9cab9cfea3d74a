-- case: require cannot reach the standard libraries (L-1)
-- expect: error "not found"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-1: require cannot reach the standard libraries", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      require('os')
    end
  end,
}
