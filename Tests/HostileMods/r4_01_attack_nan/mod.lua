-- case: attack returns 0/0: refused with a rule error (#39 item 1)
-- expect: ok
-- within: 10s
-- versus: error "attack"
return {
  id = "hostile", name = "hostile", version = "1", description = "#39", api = 1,
  attack = function(_, facts, sent) return 0/0 end,
}
