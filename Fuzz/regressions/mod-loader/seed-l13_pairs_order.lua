-- case: decisions from pairs() order are the same in every process (L-13)
-- expect: ok
-- within: 5s
-- deterministic
local weights = {}
for i, name in ipairs({ "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa" }) do
  weights[name] = i
end
local kinds = { "I", "O", "T", "S", "Z", "J", "L" }
return {
  id = "hostile", name = "hostile", version = "1", description = "L-13", api = 1,
  next_piece = function(game)
    local order = {}
    for key in pairs(weights) do order[#order + 1] = key end
    local t = { x = 1, y = 2, [3] = 3, [4.5] = 4, [true] = 5 }
    for k in pairs(t) do order[#order + 1] = tostring(k) end
    local h = 0
    for i, key in ipairs(order) do h = (h * 31 + #key * i + key:byte(1)) % 1000003 end
    return kinds[h % 7 + 1]
  end,
}
