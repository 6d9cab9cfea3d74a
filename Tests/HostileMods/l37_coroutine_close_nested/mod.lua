-- case: coroutine.close of a chain of coroutines whose __close closes the next one ends in "C stack overflow", not a crash (5.4.4 bug 1e64c139) (L-37)
-- expect: ok
-- within: 5s
return {
  id = "hostile", name = "hostile", version = "1", description = "L-37: nested coroutine.close is counted", api = 1,
  on_spawn = function(game)
    if game:dealt() == 2 then
      local count, coro = 0, false
      for i = 1, 5000 do
        local previous = coro
        coro = coroutine.create(function()
          local cc <close> = setmetatable({}, {__close = function()
            count = count + 1
            if previous then assert(coroutine.close(previous)) end
          end})
          coroutine.yield()
        end)
        assert(coroutine.resume(coro))
      end
      local ok, message = coroutine.close(coro)
      if ok or not tostring(message):find("C stack overflow") then error("closed a chain of 5000: " .. tostring(message)) end
      if coroutine.close(coroutine.create(print)) ~= true then error("a fresh coroutine does not close") end
    end
  end,
}
