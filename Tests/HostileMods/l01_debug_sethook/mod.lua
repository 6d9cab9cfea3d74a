-- case: debug.sethook() is unreachable (L-1)
-- expect: error "global 'debug'"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-1: debug.sethook() is unreachable", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      debug.sethook()
    end
  end,
}
