-- case: a pcall loop in the main chunk (L-44)
-- expect: load-error "budget"
-- within: 5s
while true do pcall(function() while true do end end) end
