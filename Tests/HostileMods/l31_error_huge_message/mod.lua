-- case: a 10 MB error message comes out as one short line (L-31)
-- expect: error "xxxx"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-31: a 10 MB error message comes out as one short line", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      error(string.rep('x', 10000000))
    end
  end,
}
