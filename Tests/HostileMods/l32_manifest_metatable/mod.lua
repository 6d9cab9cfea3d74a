-- case: a manifest table whose __index loops is read raw (L-32)
-- expect: load-error "manifest|needs"
-- within: 5s
return setmetatable({}, { __index = function() while true do end end, __pairs = function() while true do end end,
  __len = function() while true do end end })
