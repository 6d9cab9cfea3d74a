-- case: load of deeply nested parentheses (L-36)
-- expect: error "overflow|too many|chunk has too many"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-36: load of deeply nested parentheses", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      assert(load("return " .. ("("):rep(100000) .. "1" .. (")"):rep(100000)))
    end
  end,
}
