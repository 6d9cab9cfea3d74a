-- luacheck settings for mods (Mods/*/): Lua 5.4 as HanJul's sandbox offers it.
-- The sandbox never opens io, os, package or debug, and removes dofile and loadfile;
-- using them is a warning here and an error in the game. See docs/MODDING.md.
std = "lua54"
not_globals = { "io", "os", "package", "debug", "dofile", "loadfile" }
max_line_length = 120
-- A mod's hooks take arguments they may not need (game, lines, level, ...).
unused_args = true
allow_defined_top = false
-- Every mod's Lua state has the `hanjul` table (hanjul.standard: the standard rules).
read_globals = { "hanjul" }
