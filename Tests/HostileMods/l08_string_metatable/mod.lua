-- case: getmetatable('') is protected and its __index cannot be replaced (L-8)
-- expect: ok
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-8: getmetatable('') is protected and its __index cannot be replaced", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local mt = getmetatable("")
      if type(mt) == "table" then
        local ok = pcall(function() mt.__index = { rep = function() return "EVIL" end } end)
        if ("ab"):rep(2) ~= "abab" then error("string methods were replaced") end
      end
      local ok = pcall(setmetatable, "", {})
      if ok then error("setmetatable on a string worked") end
      if ("ab"):upper() ~= "AB" then error("upper broken") end
    end
  end,
}
