-- case: a 64-wide board with column 63 filled, read back as masks (L-34)
-- expect: ok
-- within: 10s
-- (check on a 64 x 64 board: about 17 s in a debug build under a loaded test run, some of its games now from levels 10 to 20; the limit catches a hang, the watchdog a stuck call)
-- also: sim check compare verify
-- args: --seed 1 --actions HHH
return {
  id = "hostile", name = "hostile", version = "1", description = "#15 item 1", api = 1,
  board = { width = 64, height = 64 },
  on_lock = function(g)
    g:set_cell(63, 63, "I")
    local row, board = g:row(63), g:board()
    if row >= 0 or board[64] ~= row then error("bit 63 is not the sign bit: " .. row) end
    g:push_row(-1 & ~1, "I")
    g:insert_row(10, math.mininteger, "O")
    if g:row(10) ~= math.mininteger or g:cell(63, 10) ~= "O" then error("insert_row did not fill column 63") end
    g:placements("T")
  end,
}
