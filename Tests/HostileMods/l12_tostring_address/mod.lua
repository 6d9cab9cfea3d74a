-- case: tostring, print and %s show no heap addresses (L-12)
-- expect: ok
-- within: 5s
-- deterministic
return {
  id = "hostile", name = "hostile", version = "1", description = "L-12: tostring, print and %s show no heap addresses", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local texts = { tostring({}), tostring(print), tostring(function() end), tostring(coroutine.create(print)),
        string.format("%s", {}), tostring(game) }
      for _, t in ipairs(texts) do
        if t:find("0x") or t:find("%x%x%x%x%x%x%x%x") then error("address leaked: " .. t) end
      end
      game:add_score(#table.concat(texts))
    end
  end,
}
