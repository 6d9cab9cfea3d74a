-- case: a mods folder holds a mod whose folder name has escapes and a bidi override (T-17)
-- expect: ok
-- within: 5s
-- setup: escmod
-- also: mods
return {
  id = "hostile", name = "hostile", version = "1", description = "#15 item 10: a neighbour named with escapes", api = 1,
}
