-- case: yield across a C boundary (sort comparator) (L-40)
-- expect: error "yield across"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-40: yield across a C boundary (sort comparator)", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      coroutine.wrap(function() table.sort({ 3, 2, 1 }, function(a, b) coroutine.yield() return a < b end) end)()
    end
  end,
}
