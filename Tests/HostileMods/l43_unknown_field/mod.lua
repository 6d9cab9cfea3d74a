-- case: an unknown field (L-43)
-- expect: load-error "unknown field"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "fixture", api = 1,
  on_spwan = function() end,
}
