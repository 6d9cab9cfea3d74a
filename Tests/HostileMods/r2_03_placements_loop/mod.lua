-- case: game:placements called a million times on a 64x64 board: the search is charged to the budget; the watchdog waits 10 s, so a loaded debug run still ends by the budget (L-17)
-- expect: error "budget"
-- within: 12s
-- env: HANJUL_WATCHDOG_SECONDS=10
-- also: sim compare
return {
  id = "hostile", name = "hostile", version = "1", description = "#15 item 3: placements in a loop", api = 1,
  board = { width = 64, height = 64 },
  on_spawn = function(game)
    if game:dealt() == 2 then
      for _ = 1, 1000000 do pcall(game.placements, game, "T") end
    end
  end,
}
