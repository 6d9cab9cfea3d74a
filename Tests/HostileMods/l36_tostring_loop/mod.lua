-- case: tostring loops through __tostring (L-36)
-- expect: error "stack overflow|budget"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-36: tostring loops through __tostring", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local t
      t = setmetatable({}, { __tostring = function(x) return tostring(x) end })
      tostring(t)
    end
  end,
}
