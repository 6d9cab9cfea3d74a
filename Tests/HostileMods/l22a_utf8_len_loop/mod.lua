-- case: #15 item 3: utf8.len of 2 MiB in a loop is charged by its scan (L-22a)
-- expect: error "budget"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "#15 item 3: utf8.len in a loop", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local s = ("\u{e9}"):rep(1 << 20)
      for i = 1, 1e6 do utf8.len(s) end
    end
  end,
}
