-- case: #15 item 9: NaN is 'nan' in tostring, concatenation, format and table.concat, and string.pack clears its sign, on every machine (L-34)
-- expect: ok
-- within: 5s
-- deterministic
return {
  id = "hostile", name = "hostile", version = "1", description = "#15 item 9: the text of NaN", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local nan = 0/0
      local texts = { tostring(nan), tostring(-nan), "" .. nan, string.format("%g %.1f %e %a", nan, -nan, nan, -nan),
        table.concat({nan}), string.upper(nan) }
      local got = table.concat(texts, "|")
      if got ~= "nan|nan|nan|nan nan nan nan|nan|NAN" then error("NaN reads " .. got) end
      if string.pack("<d", nan):byte(8) ~= 0x7F then error("NaN packs with its sign") end
      game:add_score(#got)
    end
  end,
}
