-- case: many values pushed back and forth stay within the stack (L-33)
-- expect: ok
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-33: many values pushed back and forth stay within the stack", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      for i = 1, 200 do local a = { game:queue() }; local b = { game:kinds() } end
      local function count(...) return select("#", ...) end
      assert(count(table.unpack({}, 1, 50000)) == 50000)
    end
  end,
}
