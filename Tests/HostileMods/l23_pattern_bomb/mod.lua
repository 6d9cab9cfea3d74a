-- case: string.find(('a'):rep(160), ('.-'):rep(4)..'b') is refused or bounded (L-23)
-- expect: error "pattern"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-23: string.find(('a'):rep(160), ('.-'):rep(4)..'b') is refused or bounded", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      string.find(("a"):rep(160), (".-"):rep(4) .. "b")
      string.find(("a"):rep(5000), (".-"):rep(40) .. "b")
    end
  end,
}
