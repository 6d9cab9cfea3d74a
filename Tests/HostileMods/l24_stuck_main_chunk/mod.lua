-- case: a stuck call in the main chunk is watched too (L-24)
-- expect: hung
-- within: 8s
-- env: HANJUL_TEST_HANG_MS=20000
return {
  id = "hostile", name = "hostile", version = "1", description = "L-24", api = 1,
  on_spawn = function(game) game:test_hang() end,
}
