-- case: game:finish with control characters in the label (L-35)
-- expect: ok
-- within: 5s
-- no-benign-check
return {
  id = "hostile", name = "hostile", version = "1", description = "L-35: game:finish with control characters in the label", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      game:finish("\27[2J\155x", 1)
    end
  end,
}
