-- case: a syntax error in mod.lua (L-43)
-- expect: load-error "syntax error"
-- within: 5s
return { id = "hostile",, }
