-- case: table.unpack over the integer range is refused (L-22a)
-- expect: error "table.unpack|too many results"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-22a: table.unpack over the integer range is refused", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      table.unpack({}, math.mininteger, math.maxinteger)
    end
  end,
}
