-- case: manifest fields with metamethods are read raw (L-32)
-- expect: load-error "board|pieces|kicks"
-- within: 5s
local evil = { __index = function() while true do end end, __len = function() while true do end end }
return {
  id = "hostile", name = "hostile", version = "1", description = "L-32", api = 1,
  board = setmetatable({}, evil), kicks = setmetatable({}, evil), pieces = setmetatable({}, evil),
}
