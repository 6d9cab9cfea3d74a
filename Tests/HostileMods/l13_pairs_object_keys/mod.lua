-- case: #15 item 8: pairs over string, table and function keys decides the score; a second process must agree (L-13)
-- expect: ok
-- within: 5s
-- deterministic
-- no-benign-check
return {
  id = "hostile", name = "hostile", version = "1", description = "#15 item 8: pairs order with object keys", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local names = {}
      for i = 1, 40 do names[#names + 1] = "key" .. (i * 37 % 101) end
      local set = {}
      for i, name in ipairs(names) do set[name] = i end
      for i = 1, 20 do set[{i}] = 100 + i; set[function() return i end] = 200 + i end
      local order, h = {}, 0
      for k, v in pairs(set) do order[#order + 1] = v end
      for i, v in ipairs(order) do h = (h * 31 + v * i) % 1000003 end
      -- the order is defined: strings sorted, then tables and functions by creation
      local sorted = {}
      for _, name in ipairs(names) do sorted[#sorted + 1] = name end
      table.sort(sorted)
      for i, name in ipairs(sorted) do if order[i] ~= set[name] then error("strings out of order at " .. i) end end
      for i = 1, 20 do
        if order[40 + 2 * i - 1] ~= 100 + i or order[40 + 2 * i] ~= 200 + i then error("objects out of creation order at " .. i) end
      end
      game:add_score(h)
    end
  end,
}
