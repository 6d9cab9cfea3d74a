-- case: xpcall handler looping on a plain error (L-19)
-- expect: error "budget"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-19: xpcall handler looping on a plain error", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      while true do xpcall(error, function() while true do end end, 'x') end
    end
  end,
}
