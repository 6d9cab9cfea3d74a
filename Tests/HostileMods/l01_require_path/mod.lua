-- case: require cannot walk out of the mod folder (L-1)
-- expect: error "require"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-1: require cannot walk out of the mod folder", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      require('../../etc/passwd')
    end
  end,
}
