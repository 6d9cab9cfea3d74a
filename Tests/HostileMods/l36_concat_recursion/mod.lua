-- case: __concat recursion (L-36)
-- expect: error "stack overflow|budget"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-36: __concat recursion", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local t
      t = setmetatable({}, { __concat = function(a, b) return t .. a end })
      local _ = t .. 1
    end
  end,
}
