-- case: comparing two distinct 8 MiB strings in a loop: the VM's == and < are not counted by the budget, so the watchdog stops it (L-24)
-- expect: hung
-- within: 8s
-- env: HANJUL_WATCHDOG_SECONDS=1
return {
  id = "hostile", name = "hostile", version = "1", description = "L-24: long string comparisons in a loop", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local a, b = ("x"):rep(8 << 20), ("x"):rep(8 << 20)
      local same = 0
      for i = 1, 1e6 do if a == b and not (a < b) then same = same + 1 end end
      game:add_score(same)
    end
  end,
}
