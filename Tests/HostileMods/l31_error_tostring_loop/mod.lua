-- case: an error object whose __tostring loops (L-31)
-- expect: error "table"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-31: an error object whose __tostring loops", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      error(setmetatable({}, { __tostring = function() while true do end end, __index = function() while true do end end }))
    end
  end,
}
