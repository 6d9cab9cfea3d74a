-- case: the mod's tests keep 150 games of a mod holding 7 MiB each (#15 item 4)
-- expect: ok
-- within: 10s
-- also: check
-- check-says: a test may keep 256 MiB of games at once
local ballast = string.rep("x", 7 << 20)
return {
  id = "hostile", name = "hostile", version = "1", description = "#15 item 4: " .. #ballast .. " bytes held", api = 1,
}
