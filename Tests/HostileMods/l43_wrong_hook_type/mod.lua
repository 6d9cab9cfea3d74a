-- case: a hook that is not a function (L-43)
-- expect: load-error "must be a function"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "fixture", api = 1,
  scoring = 7,
}
