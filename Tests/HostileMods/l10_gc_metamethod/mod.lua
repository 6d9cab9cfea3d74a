-- case: __gc metamethods are refused (they would run without hooks) (L-10)
-- expect: error "__gc"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-10: __gc metamethods are refused (they would run without hooks)", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      setmetatable({}, { __gc = function() while true do end end })
    end
  end,
}
