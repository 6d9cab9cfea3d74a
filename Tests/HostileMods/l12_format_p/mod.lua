-- case: string.format('%p') is refused (L-12)
-- expect: error "%p"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-12: string.format('%p') is refused", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      string.format('%p', {})
    end
  end,
}
