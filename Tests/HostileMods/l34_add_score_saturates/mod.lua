-- case: add_score(maxinteger) twice saturates (L-34)
-- expect: ok
-- within: 5s
-- no-benign-check
return {
  id = "hostile", name = "hostile", version = "1", description = "L-34: add_score(maxinteger) twice saturates", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      game:add_score(math.maxinteger); game:add_score(math.maxinteger); game:add_score(math.mininteger)
    end
  end,
}
