-- case: string.rep('', 3e9, '') is refused at once (L-21)
-- expect: error "string.rep"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-21: string.rep('', 3e9, '') is refused at once", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      string.rep('', 3e9, '')
    end
  end,
}
