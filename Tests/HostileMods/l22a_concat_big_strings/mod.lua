-- case: #15 item 3: concatenating 4 MiB strings in a loop is charged by the bytes it copies (L-22a)
-- expect: error "budget"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "#15 item 3: big concatenations in a loop", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local s = ("x"):rep(4 << 20)
      for i = 1, 1e6 do local y = s .. i end
    end
  end,
}
