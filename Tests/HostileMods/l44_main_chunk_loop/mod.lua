-- case: an endless loop in the main chunk (L-44)
-- expect: load-error "budget"
-- within: 5s
while true do end
