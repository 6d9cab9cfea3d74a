-- case: a 100000-deep __index chain (L-36)
-- expect: error "chain too long|memory|budget"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-36: a 100000-deep __index chain", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local t = {}
      for i = 1, 100000 do t = setmetatable({}, { __index = t }) end
      local _ = t.missing
    end
  end,
}
