-- case: out of memory at the top of a hook gives a reason without a traceback (L-27)
-- expect: error "ran out of memory"
-- within: 8s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-27: out of memory at the top of a hook gives a reason without a traceback", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local s = "x"
      local t = {}
      while true do s = s .. s; t[#t + 1] = s end
    end
  end,
}
