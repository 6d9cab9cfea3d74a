-- case: a bad argument without pcall names the method (L-45)
-- expect: error "set_cell"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-45: a bad argument without pcall names the method", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      game:set_cell(0/0, 1e300, {})
    end
  end,
}
