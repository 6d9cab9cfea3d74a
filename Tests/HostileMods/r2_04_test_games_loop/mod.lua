-- case: a test plays a million one-action games, one after another (#15 item 4)
-- expect: ok
-- within: 10s
-- also: check
-- check-says: FAIL
return {
  id = "hostile", name = "hostile", version = "1", description = "#15 item 4: many games", api = 1,
}
