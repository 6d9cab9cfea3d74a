-- case: load without env runs in the sandbox, not the real globals (L-3)
-- expect: ok
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-3: load without env runs in the sandbox, not the real globals", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local f = assert(load("return os, io, package, debug"))
      local a, b, c, d = f()
      if a or b or c or d then error("load escaped the sandbox") end
      local g = assert(load("probe_global = 42"))
      g()
      if probe_global ~= 42 then error("load did not use the mod's environment") end
      local h = assert(load("local mt = getmetatable('') return type(mt) == 'table' and mt.__index and mt.__index.dump"))
      if h() then error("string.dump reachable through load") end
    end
  end,
}
