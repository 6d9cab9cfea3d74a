-- case: table.unpack of 1e6 values is refused (L-22a)
-- expect: error "table.unpack|too many results"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-22a: table.unpack of 1e6 values is refused", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      table.unpack({}, 1, 1e6)
    end
  end,
}
