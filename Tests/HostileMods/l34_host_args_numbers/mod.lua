-- case: NaN, inf and 2^63 as host arguments are refused with the method's name (L-34)
-- expect: error "cell"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-34: NaN, inf and 2^63 as host arguments are refused with the method's name", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      game:cell(0/0, math.huge)
    end
  end,
}
