-- case: the mod folder itself is a symbolic link (L-41)
-- expect: load-error "symbolic link"
-- within: 5s
-- setup: folder-symlink
return {
  id = "hostile", name = "hostile", version = "1", description = "fixture", api = 1,
}
