-- case: io.popen('id') is unreachable (L-1)
-- expect: error "global 'io'"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-1: io.popen('id') is unreachable", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      io.popen('id')
    end
  end,
}
