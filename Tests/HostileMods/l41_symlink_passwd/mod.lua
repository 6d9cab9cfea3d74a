-- case: a symbolic link to /etc/passwd in the mod folder (L-41)
-- expect: load-error "symbolic link"
-- within: 5s
-- setup: symlink passwd.lua /etc/passwd
return {
  id = "hostile", name = "hostile", version = "1", description = "fixture", api = 1,
}
