-- case: #15 item 3: string.find of 1 MiB of 'a' .. 'b' in 8 MiB of 'a', plain and not, ends at once (L-23)
-- expect: ok
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "#15 item 3: a plain find of a huge subject and pattern", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local s, p = ("a"):rep(8 << 20), ("a"):rep(1 << 20) .. "b"
      if string.find(s, p, 1, true) ~= nil or string.find(s, p) ~= nil then error("found") end
    end
  end,
}
