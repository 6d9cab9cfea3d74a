-- case: the main chunk allocates without end (L-44)
-- expect: load-error "memory"
-- within: 8s
local t = {}
for i = 1, 1e9 do t[i] = i end
