-- case: table.concat over a huge index range stops at its first missing value, as in Lua (L-22a)
-- expect: error "invalid value (nil) at index 1"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-22a: table.concat over a huge index range stops at its first missing value, as in Lua", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      table.concat({}, '', 1, math.maxinteger)
    end
  end,
}
