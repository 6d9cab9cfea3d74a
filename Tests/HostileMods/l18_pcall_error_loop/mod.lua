-- case: pcall around error() in a loop (L-18)
-- expect: error "budget"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-18: pcall around error() in a loop", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      while true do pcall(error, 'x') end
    end
  end,
}
