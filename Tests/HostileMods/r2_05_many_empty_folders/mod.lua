-- case: 4,096 empty folders (16 wide, 3 deep) in the mod's folder (L-41)
-- expect: load-error "more than 64 folders"
-- within: 5s
-- setup: dirs 16 3
-- also: sim check compare
return {
  id = "hostile", name = "hostile", version = "1", description = "#15 item 5: empty folders", api = 1,
}
