-- case: attack returns math.maxinteger: refused with a rule error, never an overflow trap in the referee (#39 item 1)
-- expect: ok
-- within: 10s
-- args: --seed 1 --actions HHHHHH
-- versus: error "attack returned 9223372036854775807; it must be 0 to 1000 lines"
return {
  id = "hostile", name = "hostile", version = "1", description = "#39", api = 1,
  attack = function(_, facts, sent) return math.maxinteger end,
}
