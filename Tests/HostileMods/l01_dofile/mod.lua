-- case: dofile('/etc/passwd') is unreachable (L-1)
-- expect: error "global 'dofile'"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-1: dofile('/etc/passwd') is unreachable", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      dofile('/etc/passwd')
    end
  end,
}
