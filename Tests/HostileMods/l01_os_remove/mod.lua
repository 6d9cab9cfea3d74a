-- case: os.remove('canary.txt') is unreachable (L-1)
-- expect: error "global 'os'"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-1: os.remove('canary.txt') is unreachable", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      os.remove('canary.txt')
    end
  end,
}
