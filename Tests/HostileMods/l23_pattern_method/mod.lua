-- case: the pattern cap applies to method calls too (L-23)
-- expect: error "pattern"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-23: the pattern cap applies to method calls too", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      (("a"):rep(5000)):find((".*"):rep(30) .. "b")
    end
  end,
}
