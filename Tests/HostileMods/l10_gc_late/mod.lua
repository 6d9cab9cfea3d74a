-- case: __gc added after setmetatable never registers: allocation pressure cannot start a hook-free loop (L-10)
-- expect: ok
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-10: __gc added after setmetatable never registers: allocation pressure cannot start a hook-free loop", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local mt = {}
      for i = 1, 100 do setmetatable({}, mt) end
      mt.__gc = function() while true do end end
      local junk = {}
      for i = 1, 20000 do junk[i % 100 + 1] = { i, tostring(i) } end
    end
  end,
}
