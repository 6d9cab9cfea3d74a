-- case: pcall cannot swallow the budget error (L-18)
-- expect: error "budget"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-18: pcall cannot swallow the budget error", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      while true do pcall(function() while true do end end) end
    end
  end,
}
