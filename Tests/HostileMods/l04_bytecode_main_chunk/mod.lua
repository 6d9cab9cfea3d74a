-- case: a mod.lua that is a (corrupt) binary chunk is refused at load (L-4)
-- expect: load-error "binary"
-- within: 5s
-- setup: bytecode-main
-- replaced at setup time by a binary chunk header and garbage
return {}
