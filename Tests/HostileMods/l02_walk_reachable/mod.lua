-- case: nothing reachable from _G, the string metatable or the game object leads out (L-2)
-- expect: ok
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-2: nothing reachable from _G, the string metatable or the game object leads out", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local allowed = {}
      for _, name in ipairs({"assert","error","getmetatable","ipairs","next","pairs","pcall","print","rawequal","rawget",
        "rawlen","rawset","select","setmetatable","tonumber","tostring","type","xpcall","load","collectgarbage","warn","require"}) do
        allowed[name] = true
      end
      local forbidden = { io = 1, os = 1, package = 1, debug = 1, dofile = 1, loadfile = 1, dump = 1, loadlib = 1,
        searchers = 1, loaded = 1, preload = 1, getregistry = 1, sethook = 1, upvaluejoin = 1, getupvalue = 1 }
      local seen, found = {}, {}
      local function walk(v, path, depth)
        if depth > 8 or seen[v] then return end
        local t = type(v)
        if t ~= "table" and t ~= "function" and t ~= "string" then return end
        if t ~= "string" then seen[v] = true end
        if t == "table" then
          for k, x in next, v do
            if type(k) == "string" and forbidden[k] then found[#found + 1] = path .. "." .. k end
            walk(x, path .. "." .. tostring(k), depth + 1)
          end
        end
        local mt = getmetatable(v)
        if mt ~= nil and not seen[mt] then walk(mt, "getmetatable(" .. path .. ")", depth + 1) end
      end
      walk(_G, "_G", 0)
      walk("", "string", 0)
      walk(game, "game", 0)
      if #found > 0 then error("reachable: " .. table.concat(found, ", ")) end
    end
  end,
}
