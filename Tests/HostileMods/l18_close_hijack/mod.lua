-- case: a to-be-closed __close that loops (L-18)
-- expect: error "budget"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-18: a to-be-closed __close that loops", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local guard <close> = setmetatable({}, { __close = function() while true do end end })
      while true do end
    end
  end,
}
