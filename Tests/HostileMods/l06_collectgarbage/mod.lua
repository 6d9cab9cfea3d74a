-- case: collectgarbage only counts (L-6)
-- expect: error "collectgarbage"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-6: collectgarbage only counts", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      assert(type(collectgarbage("count")) == "number")
      collectgarbage("stop")
    end
  end,
}
