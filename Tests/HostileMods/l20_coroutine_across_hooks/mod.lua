-- case: a wrap created in one hook and called in a later hook is still budgeted (L-40)
-- expect: error "budget"
-- within: 5s
local later
return {
  id = "hostile", name = "hostile", version = "1", description = "L-20/L-40", api = 1,
  on_spawn = function(game)
    if game:dealt() == 1 then later = coroutine.wrap(function() coroutine.yield(1) while true do end end); later() end
    if game:dealt() == 3 then later() end
  end,
}
