-- case: a non-string key in the manifest (L-43)
-- expect: load-error "not a string"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "fixture", api = 1,
  [1] = true,
}
