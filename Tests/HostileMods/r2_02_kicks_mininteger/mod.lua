-- case: a kick offset of math.mininteger (abs() of it overflows) (L-34)
-- expect: load-error "kicks[1]"
-- within: 5s
-- also: sim check compare
return {
  id = "hostile", name = "hostile", version = "1", description = "#15 item 2", api = 1,
  kicks = { { math.mininteger, 0 } },
}
