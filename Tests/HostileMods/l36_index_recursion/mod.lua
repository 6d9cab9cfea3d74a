-- case: __index recursion (L-36)
-- expect: error "stack overflow|budget"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-36: __index recursion", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local t = setmetatable({}, {})
      getmetatable(t).__index = function(s, k) return s[k .. "x"] end
      local _ = t.a
    end
  end,
}
