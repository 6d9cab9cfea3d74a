-- case: every game method with hostile arguments, under pcall (L-45)
-- expect: ok
-- within: 8s
-- no-benign-check
return {
  id = "hostile", name = "hostile", version = "1", description = "L-45: every game method with hostile arguments, under pcall", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local evil = setmetatable({}, { __index = function() while true do end end, __tostring = function() error("x") end,
        __len = function() while true do end end, __eq = function() while true do end end })
      local values = { nil, true, 0/0, math.huge, -math.huge, math.maxinteger, math.mininteger, 2^63, -0.0, 1e308,
        "", "T", "\0", string.rep("Z", 100000), {}, evil, print, coroutine.create(print), -1, 0, 1, 3, 19, 64 }
      local names = {}
      for k in pairs(getmetatable(game) and {} or {}) do end
      for _, name in ipairs({ "width", "height", "cell", "row", "is_hidden", "piece", "queue", "kinds", "held", "last_move",
        "score", "lines", "level", "dealt", "pieces_locked", "tick", "is_over", "fits", "random", "set_cell", "set_hidden",
        "insert_row", "push_row", "remove_row", "clear_lines", "add_score", "set_queue" }) do
        local f = game[name]
        for i = 1, #values + 1 do
          for j = 1, #values + 1, 5 do
            pcall(f, game, values[i], values[j], values[(i + j) % #values + 1], values[(i * j) % #values + 1])
          end
        end
        pcall(f)
        pcall(f, {})
        pcall(f, evil)
      end
      if game:width() ~= 10 then error("board changed size") end
    end
  end,
}
