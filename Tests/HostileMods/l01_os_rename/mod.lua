-- case: os.rename('canary.txt', 'x') is unreachable (L-1)
-- expect: error "global 'os'"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-1: os.rename('canary.txt', 'x') is unreachable", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      os.rename('canary.txt', 'x')
    end
  end,
}
