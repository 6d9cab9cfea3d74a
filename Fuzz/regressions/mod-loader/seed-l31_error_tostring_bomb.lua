-- case: an error object whose __tostring raises (L-31)
-- expect: error "table"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-31: an error object whose __tostring raises", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      error(setmetatable({}, { __tostring = function() error('boom') end }))
    end
  end,
}
