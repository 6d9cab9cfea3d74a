-- case: scoring, level, drop points and gravity at Lua's integer extremes in a versus match: saturated or clamped (#39 item 1)
-- expect: ok
-- within: 10s
-- args: --seed 1 --actions HHHGGGGHHH
-- no-benign-check
-- versus: ok
return {
  id = "hostile", name = "hostile", version = "1", description = "#39", api = 1,
  scoring = function(_, lines, level, points) return math.maxinteger end,
  level = function(lines, level) return math.maxinteger end,
  gravity = function(level, interval) return math.mininteger end,
  hard_drop_points = function(rows, points) return math.maxinteger end,
  soft_drop_points = function(rows, points) return math.mininteger end,
  attack = function(_, facts, sent) return facts.lines > 0 and 1000 or 0 end,
}
