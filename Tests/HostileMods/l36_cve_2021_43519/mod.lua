-- case: pcall(1) + coroutine.wrap recursion (L-36)
-- expect: error "overflow|budget|memory|dead|mod.lua:"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-36: pcall(1) + coroutine.wrap recursion", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local function loop()
        pcall(1)
        coroutine.wrap(loop)()
      end
      loop()
    end
  end,
}
