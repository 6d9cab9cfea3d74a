-- case: loadfile('/etc/passwd') is unreachable (L-1)
-- expect: error "global 'loadfile'"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-1: loadfile('/etc/passwd') is unreachable", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      loadfile('/etc/passwd')
    end
  end,
}
