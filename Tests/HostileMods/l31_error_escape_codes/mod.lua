-- case: terminal escapes in an error message are neutralised (L-31)
-- expect: error "clipboard"
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-31: terminal escapes in an error message are neutralised", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      error("\27]52;c;Y2xpcGJvYXJk\7 clipboard \27[2J\27c\155 31m \27]0;title")
    end
  end,
}
