-- case: mod.lua returns nothing useful (L-43)
-- expect: load-error "must return one table"
-- within: 5s
return 1, 2, 3
