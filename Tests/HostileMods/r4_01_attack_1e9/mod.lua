-- case: attack returns 1e9 (a float): refused with a rule error like any value over 1000 (#39 item 1)
-- expect: ok
-- within: 10s
-- versus: error "attack returned 1000000000; it must be 0 to 1000 lines"
return {
  id = "hostile", name = "hostile", version = "1", description = "#39", api = 1,
  attack = function(_, facts, sent) return 1e9 end,
}
