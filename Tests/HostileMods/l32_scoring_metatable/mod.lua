-- case: scoring returns a table with erroring metamethods (L-32)
-- expect: error "scoring"
-- within: 5s
-- args: --pieces I --actions H
return {
  id = "hostile", name = "hostile", version = "1", description = "L-32", api = 1,
  board = { width = 4, height = 8 },
  scoring = function(lines, level, base)
    return setmetatable({}, { __index = function() error("boom") end, __tostring = function() error("boom") end })
  end,
}
