-- case: a 2 MiB file is refused (L-41)
-- expect: load-error "limit|large|MiB|bytes"
-- within: 5s
-- setup: big data.lua 2097152
return {
  id = "hostile", name = "hostile", version = "1", description = "fixture", api = 1,
}
