-- case: the instruction budget stops a loop at the same place in every process (L-16)
-- expect: error "budget"
-- within: 5s
-- deterministic
return {
  id = "hostile", name = "hostile", version = "1", description = "L-16: the instruction budget stops a loop at the same place in every process", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local n = 0
      while true do n = n + 1 end
    end
  end,
}
