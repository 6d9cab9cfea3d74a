-- case: CVE-2022-0543 payload: package is nil (L-2)
-- expect: error "global 'package'"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-2: CVE-2022-0543 payload: package is nil", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      package.loadlib('/usr/lib/x86_64-linux-gnu/liblua5.4.so.0', 'luaopen_io')
    end
  end,
}
