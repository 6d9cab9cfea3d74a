-- case: a coroutine created in the main chunk and resumed in a hook is still budgeted (L-20)
-- expect: error "budget"
-- within: 5s
local co = coroutine.create(function() while true do end end)
local wrapped = coroutine.wrap(function() while true do end end)
return {
  id = "hostile", name = "hostile", version = "1", description = "L-20", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then coroutine.resume(co) end
    if game:dealt() == 3 then wrapped() end
  end,
}
