-- case: __close that restarts the loop under pcall (L-18)
-- expect: error "budget"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-18: __close that restarts the loop under pcall", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local function again()
        local guard <close> = setmetatable({}, { __close = function() pcall(again) end })
        while true do end
      end
      again()
    end
  end,
}
