-- case: #15 item 3: table.insert under a __len of 10^15 runs out of budget (L-22a)
-- expect: error "budget"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "#15 item 3: table.insert with a huge __len", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      table.insert(setmetatable({}, {__len = function() return 1e15 end}), 1, "x")
    end
  end,
}
