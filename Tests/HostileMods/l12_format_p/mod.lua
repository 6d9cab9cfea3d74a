-- case: string.format('%p') gives the object's identity, never a heap address, the same in every process (L-12)
-- expect: ok
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-12: %p is an identity", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local t = {}
      local p = string.format("%p", t)
      local n = tonumber(p:match("^0x(%x+)$"), 16)
      if n == nil or n >= 2^32 then error("not an identity: " .. p) end
      if p ~= string.format("%p", t) or p == string.format("%p", {}) then error("identities are not stable and unique") end
      if string.format("%p", 1) ~= "(null)" then error("%p of a number") end
      game:add_score(n % 1000)
    end
  end,
}
