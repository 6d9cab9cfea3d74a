-- case: os.exit(0) is unreachable (L-1)
-- expect: error "global 'os'"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-1: os.exit(0) is unreachable", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      os.exit(0)
    end
  end,
}
