-- case: io.write('leak') is unreachable (L-1)
-- expect: error "global 'io'"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-1: io.write('leak') is unreachable", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      io.write('leak')
    end
  end,
}
