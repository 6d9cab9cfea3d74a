-- case: catching out-of-memory with pcall and allocating again (L-26)
-- expect: error "budget|memory"
-- within: 10s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-26: catching out-of-memory with pcall and allocating again", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local keep = {}
      while true do
        pcall(function() local t = {} for i = 1, 1e9 do t[i] = i end end)
        keep[#keep + 1] = {}
      end
    end
  end,
}
