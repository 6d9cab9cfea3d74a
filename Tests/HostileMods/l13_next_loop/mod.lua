-- case: #15 item 8: a loop with next() over string keys decides the score; a second process must agree (L-13)
-- expect: ok
-- within: 5s
-- deterministic
-- no-benign-check
return {
  id = "hostile", name = "hostile", version = "1", description = "#15 item 8: next order", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local t = {}
      for i = 1, 200 do t["k" .. i] = i end
      local h, k, v = 0, next(t)
      while k do h = (h * 33 + v) % 1000003; k, v = next(t, k) end
      game:add_score(h)
    end
  end,
}
