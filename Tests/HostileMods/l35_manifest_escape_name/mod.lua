-- case: a manifest name full of terminal escapes (L-35)
-- expect: ok
-- within: 5s
return {
  id = "hostile", name = "\27]52;c;AAAA\7\27[2J", version = "\27]0;t\7", description = "\155\0\255", api = 1,
}
