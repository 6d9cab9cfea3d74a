-- case: os.time/os.clock/os.date are absent (L-15)
-- expect: error "global 'os'"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-15: os.time/os.clock/os.date are absent", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      return os.time() + os.clock()
    end
  end,
}
