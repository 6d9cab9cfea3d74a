-- case: ('').dump is absent too (string metatable) (L-5)
-- expect: error "nil value"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-5: ('').dump is absent too (string metatable)", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local d = ('').dump; d(print)
    end
  end,
}
