-- case: error({}) (L-31)
-- expect: error "table"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-31: error({})", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      error({})
    end
  end,
}
