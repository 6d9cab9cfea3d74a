-- case: host calls made with the Lua stack a few slots short of full (L-33)
-- luacheck: no unused, no max line length
-- expect: error "survived"
-- within: 20s
-- args: --pieces I --actions LLLLHRRRRHLLLLHRRRRHLLLLHRRRRHLLLLHRRRRHLLLLHRRRRHLLLLHRRRRHLLLLHRRRRH
-- Each hook call gets a fresh budget: spawn 2 finds how many big frames fit, spawn 3 how
-- many small frames fit after them, and each later spawn makes host calls a few slots
-- nearer the top.
local big, small = nil, nil
local tries = { 12, 8, 6, 5, 4, 3, 2, 1, 0 }
local function tail(m, call)
  if call == nil then small = m; return tail(m + 1, nil) + 0 end
  if m == 0 then return call() end
  return tail(m - 1, call) + 0
end
local function dive(n, after)
  if n == 0 then return after() end
  local a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28, a29, a30, a31, a32, a33, a34, a35, a36, a37, a38, a39, a40, a41, a42, a43, a44, a45, a46, a47, a48, a49, a50, a51, a52, a53, a54, a55, a56, a57, a58, a59, a60, a61, a62, a63, a64, a65, a66, a67, a68, a69, a70, a71, a72, a73, a74, a75, a76, a77, a78, a79, a80, a81, a82, a83, a84, a85, a86, a87, a88, a89, a90, a91, a92, a93, a94, a95, a96, a97, a98, a99, a100, a101, a102, a103, a104, a105, a106, a107, a108, a109, a110, a111, a112, a113, a114, a115, a116, a117, a118, a119, a120, a121, a122, a123, a124, a125, a126, a127, a128, a129, a130, a131, a132, a133, a134, a135, a136, a137, a138, a139, a140, a141, a142, a143, a144, a145, a146, a147, a148, a149, a150, a151, a152, a153, a154, a155, a156, a157, a158, a159, a160, a161, a162, a163, a164, a165, a166, a167, a168, a169, a170, a171, a172, a173, a174, a175, a176, a177, a178, a179
  return dive(n - 1, after) + 0
end
local function probe(m)
  big = m
  local a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22, a23, a24, a25, a26, a27, a28, a29, a30, a31, a32, a33, a34, a35, a36, a37, a38, a39, a40, a41, a42, a43, a44, a45, a46, a47, a48, a49, a50, a51, a52, a53, a54, a55, a56, a57, a58, a59, a60, a61, a62, a63, a64, a65, a66, a67, a68, a69, a70, a71, a72, a73, a74, a75, a76, a77, a78, a79, a80, a81, a82, a83, a84, a85, a86, a87, a88, a89, a90, a91, a92, a93, a94, a95, a96, a97, a98, a99, a100, a101, a102, a103, a104, a105, a106, a107, a108, a109, a110, a111, a112, a113, a114, a115, a116, a117, a118, a119, a120, a121, a122, a123, a124, a125, a126, a127, a128, a129, a130, a131, a132, a133, a134, a135, a136, a137, a138, a139, a140, a141, a142, a143, a144, a145, a146, a147, a148, a149, a150, a151, a152, a153, a154, a155, a156, a157, a158, a159, a160, a161, a162, a163, a164, a165, a166, a167, a168, a169, a170, a171, a172, a173, a174, a175, a176, a177, a178, a179
  return probe(m + 1) + 0
end
return {
  id = "hostile", name = "hostile", version = "1", description = "L-33: host calls with the Lua stack nearly full", api = 1,
  on_spawn = function(game)
    local dealt = game:dealt()
    if dealt == 2 then
      pcall(probe, 1)
    elseif dealt == 3 then
      pcall(dive, big - 60, function() return tail(1, nil) end)
    elseif tries[dealt - 3] then
      local k = tries[dealt - 3]
      local found = small
      pcall(dive, big - 60, function()
        return tail(found - k, function() return #game:placements("I") + select("#", game:queue()) + #game:kinds() end)
      end)
    elseif dealt > 12 then
      error("survived " .. big .. " " .. small)
    end
  end,
}
