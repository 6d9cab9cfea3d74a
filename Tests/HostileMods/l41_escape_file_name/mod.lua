-- case: a file name with an ESC byte is refused and not echoed raw (L-41)
-- expect: load-error "file name"
-- within: 5s
-- setup: escname
return {
  id = "hostile", name = "hostile", version = "1", description = "fixture", api = 1,
}
