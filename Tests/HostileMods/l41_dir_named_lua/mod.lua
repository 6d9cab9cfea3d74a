-- case: a folder named x.lua is just a folder (L-41)
-- expect: ok
-- within: 5s
-- setup: dir x.lua
return {
  id = "hostile", name = "hostile", version = "1", description = "fixture", api = 1,
}
