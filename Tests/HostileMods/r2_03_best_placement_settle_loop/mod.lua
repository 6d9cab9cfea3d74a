-- case: game:best_placement and game:settle (the native helpers) called a million times each on a 64x64 board, errors caught: both are charged to the budget; the watchdog waits 10 s, so a loaded debug run still ends by the budget (L-17)
-- expect: error "budget"
-- within: 12s
-- env: HANJUL_WATCHDOG_SECONDS=10
-- also: sim compare
local weights = { lines = math.maxinteger, holes = math.mininteger, height = -1, aggregate_height = 1 << 62, bumpiness = 7 }
return {
  id = "hostile", name = "hostile", version = "1", description = "#15 item 3: native helpers in a loop", api = 1,
  board = { width = 64, height = 64 },
  on_lock = function(game)
    for _ = 1, 1000000 do
      pcall(game.best_placement, game, "T", weights)
      pcall(game.settle, game)
    end
  end,
}
