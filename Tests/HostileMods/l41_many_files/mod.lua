-- case: 300 files are refused (L-41)
-- expect: load-error "more than"
-- within: 5s
-- setup: many 300
return {
  id = "hostile", name = "hostile", version = "1", description = "fixture", api = 1,
}
