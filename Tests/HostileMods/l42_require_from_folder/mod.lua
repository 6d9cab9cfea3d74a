-- case: require reads only the bytes hashed at load time (L-42)
-- expect: ok
-- within: 5s
-- setup: file helper.lua return { value = 42 }
local helper = require("helper")
return {
  id = "hostile", name = "hostile", version = "1", description = "L-42", api = 1,
  on_spawn = function(game) if helper.value ~= 42 then error("wrong helper") end end,
}
