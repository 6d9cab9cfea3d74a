-- case: a host call stuck beyond the wall limit: watchdog, quarantine, exit 4 (L-24)
-- expect: hung
-- within: 8s
-- also: sim check compare
-- env: HANJUL_TEST_HANG_MS=20000
return {
  id = "hostile", name = "hostile", version = "1", description = "L-24: a host call stuck beyond the wall limit: watchdog, quarantine, exit 4", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      game:test_hang()
    end
  end,
}
