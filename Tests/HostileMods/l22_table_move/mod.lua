-- case: table.move({}, 1, 3e8, 1, {}) runs out of budget (L-22)
-- expect: error "budget"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-22: table.move({}, 1, 3e8, 1, {}) runs out of budget", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      table.move({}, 1, 3e8, 1, {})
    end
  end,
}
