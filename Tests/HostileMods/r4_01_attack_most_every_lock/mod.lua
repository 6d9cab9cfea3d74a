-- case: attack returns the most allowed (1000) at every lock, cancelling included: the match plays, the counters add up (#39 item 1)
-- expect: ok
-- within: 10s
-- versus: ok
return {
  id = "hostile", name = "hostile", version = "1", description = "#39", api = 1,
  garbage = { delay = 0, cap = 64, cancels = true },
  attack = function(_, facts, sent) return 1000 end,
}
