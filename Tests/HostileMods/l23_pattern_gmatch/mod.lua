-- case: string.gmatch with a pathological pattern (L-23)
-- expect: error "pattern"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-23: string.gmatch with a pathological pattern", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      for x in string.gmatch(("a"):rep(5000), (".-"):rep(40) .. "b") do end
    end
  end,
}
