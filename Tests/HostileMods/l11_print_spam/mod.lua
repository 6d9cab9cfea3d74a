-- case: print and warn reach the log, never the terminal (L-11)
-- expect: ok
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-11: print and warn reach the log, never the terminal", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      for i = 1, 20000 do print("spam", i, {}, "\27[2J\27]0;owned\7") end
      warn("@on"); warn("hello"); warn("@off")
      print(string.rep("x", 1 << 20))
    end
  end,
}
