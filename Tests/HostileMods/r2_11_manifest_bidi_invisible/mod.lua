-- case: bidi controls, separators and invisible characters in name, version and description (T-17)
-- expect: ok
-- within: 5s
-- also: mods check text sim
return {
  id = "hostile",
  name = "hostile\u{202E}live\u{202C}\u{2066}x\u{2069}",
  version = "1\u{2028}2\u{2029}3",
  description = "#15 item 11: a\u{200B}b\u{FEFF}c\u{200D}d\u{061C}e\u{200F}f\u{00AD}g",
  api = 1,
}
