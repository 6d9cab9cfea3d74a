-- case: tostring, print and %s show identities, never heap addresses, the same in every process (L-12)
-- expect: ok
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-12: tostring shows identities", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local texts = { tostring({}), tostring(print), tostring(function() end), tostring(coroutine.create(print)),
        string.format("%s", {}), tostring(game) }
      for _, t in ipairs(texts) do
        local n = tonumber(t:match(": 0x(%x+)$") or "", 16)
        if n == nil or n >= 2^32 then error("address leaked: " .. t) end
      end
      game:add_score(#table.concat(texts))
    end
  end,
}
