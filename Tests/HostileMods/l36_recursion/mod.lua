-- case: unbounded Lua recursion (L-36)
-- expect: error "stack overflow|out of memory"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-36: unbounded Lua recursion", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local function f() return 1 + f() end f()
    end
  end,
}
