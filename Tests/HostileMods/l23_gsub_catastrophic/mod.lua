-- case: #15 item 3: gsub with a backtracking pattern runs out of budget instead of running for minutes (L-23)
-- expect: error "budget"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "#15 item 3: a catastrophic gsub", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      string.gsub(("a"):rep(300), (".-"):rep(4) .. "b", "x")
    end
  end,
}
