-- case: while true do end (L-17)
-- expect: error "budget"
-- within: 5s
-- also: sim check compare
return {
  id = "hostile", name = "hostile", version = "1", description = "L-17: while true do end", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      while true do end
    end
  end,
}
