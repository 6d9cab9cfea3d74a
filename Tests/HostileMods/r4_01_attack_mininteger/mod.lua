-- case: attack returns math.mininteger: refused with a rule error (#39 item 1)
-- expect: ok
-- within: 10s
-- versus: error "attack returned -9223372036854775808; it must be 0 to 1000 lines"
return {
  id = "hostile", name = "hostile", version = "1", description = "#39", api = 1,
  attack = function(_, facts, sent) return math.mininteger end,
}
