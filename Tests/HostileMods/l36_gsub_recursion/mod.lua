-- case: recursive gsub callbacks (L-36)
-- expect: error "stack overflow|budget"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-36: recursive gsub callbacks", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local function f(s) return (s:gsub(".", f)) end
      f("abc")
    end
  end,
}
