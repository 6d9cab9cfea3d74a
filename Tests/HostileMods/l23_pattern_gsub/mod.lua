-- case: string.gsub with a pathological pattern (L-23)
-- expect: error "pattern"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-23: string.gsub with a pathological pattern", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      string.gsub(("a"):rep(5000), (".-"):rep(40) .. "b", "x")
    end
  end,
}
