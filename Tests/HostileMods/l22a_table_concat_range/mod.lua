-- case: table.concat over a huge index range is refused (L-22a)
-- expect: error "table.concat"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-22a: table.concat over a huge index range is refused", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      table.concat({}, '', 1, math.maxinteger)
    end
  end,
}
