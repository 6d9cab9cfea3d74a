-- case: an xpcall handler that loops (L-19)
-- expect: error "budget"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-19: an xpcall handler that loops", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      while true do xpcall(function() while true do end end, function() while true do end end) end
    end
  end,
}
