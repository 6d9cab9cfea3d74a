-- case: plain find of a long subject is fine (L-23)
-- expect: ok
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-23: plain find of a long subject is fine", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      assert(string.find(("a"):rep(100000) .. "b", ".-.-.-b", 1, true) == nil)
    end
  end,
}
