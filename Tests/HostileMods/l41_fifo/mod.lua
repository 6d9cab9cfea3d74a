-- case: a FIFO in the mod folder does not block the loader (L-41)
-- expect: load-error "not a regular file"
-- within: 5s
-- setup: fifo pipe.lua
return {
  id = "hostile", name = "hostile", version = "1", description = "fixture", api = 1,
}
