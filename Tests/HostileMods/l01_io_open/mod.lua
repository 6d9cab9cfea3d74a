-- case: io.open('/etc/passwd') is unreachable (L-1)
-- expect: error "global 'io'"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-1: io.open('/etc/passwd') is unreachable", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      io.open('/etc/passwd')
    end
  end,
}
