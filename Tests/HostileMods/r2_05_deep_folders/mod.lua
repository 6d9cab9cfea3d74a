-- case: one empty folder nested 6 deep (L-41)
-- expect: load-error "nested deeper than 4 folders"
-- within: 5s
-- setup: dirs 1 6
return {
  id = "hostile", name = "hostile", version = "1", description = "#15 item 5: deep folders", api = 1,
}
