-- case: a symbolic link to /dev/zero (L-41)
-- expect: load-error "symbolic link"
-- within: 5s
-- setup: symlink zero.lua /dev/zero
return {
  id = "hostile", name = "hostile", version = "1", description = "fixture", api = 1,
}
