-- case: a runtime error in the main chunk (L-43)
-- expect: load-error "attempt to"
-- within: 5s
local x = nil
return { id = x.y }
