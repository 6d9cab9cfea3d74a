-- case: load of a binary chunk is refused (L-4)
-- expect: error "binary chunk"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-4: load of a binary chunk is refused", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      assert(load("\27Lua\84\0\25\147\13\10\26\10\4\8\8\120\86\0\0"))
    end
  end,
}
