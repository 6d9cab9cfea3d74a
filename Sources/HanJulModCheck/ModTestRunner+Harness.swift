extension ModTestRunner {
    /// The `hanjul.test` module: the Lua half of the harness.
    static let harnessSource = #"""
    -- hanjul.test: the harness for a mod's tests/*.lua (docs/MODDING.md, "Testing a mod").
    local host = __hanjul_host
    local t = {}

    -- Registers a test; HanJul runs each one with a fresh instruction budget.
    function t.test(name, fn)
      if type(name) ~= "string" or type(fn) ~= "function" then
        error("t.test(name, function) needs a name and a function", 2)
      end
      host:register(name, fn)
    end

    -- A new game under this mod (loaded fresh): { pieces = "IOT" } deals those kinds in
    -- order (repeating); { seed = 7 } deals from the mod's randomizer; board = [[ rows ]]
    -- fills the bottom of the board, "." empty, a letter a cell of that kind.
    function t.game(spec)
      local ok, game = pcall(host.new_game, host, spec or {})
      if not ok then error((tostring(game):gsub("^hanjul%.test:%d+: ", "")), 2) end
      return game
    end

    local function show(v)
      if type(v) == "string" then return string.format("%q", v) end
      return tostring(v)
    end

    function t.eq(actual, expected, message)
      if actual ~= expected then
        error((message and message .. ": " or "") .. "expected " .. show(expected) .. ", got " .. show(actual), 2)
      end
    end

    function t.ok(value, message)
      if not value then error(message or "expected a true value", 2) end
    end

    function t.fail(message)
      error(message or "failed", 2)
    end

    -- Rows of a board literal, blank lines and indentation dropped.
    local function rows_of(text)
      local rows = {}
      for line in (text .. "\n"):gmatch("([^\n]*)\n") do
        local row = line:gsub("^%s+", ""):gsub("%s+$", "")
        if row ~= "" then rows[#rows + 1] = row end
      end
      return rows
    end

    -- Asserts the board: the literal's rows are the bottom rows, every row above is empty.
    function t.board(g, literal, message)
      local expected = rows_of(literal)
      local actual = rows_of(g:board())
      local height, width = #actual, #actual[1]
      local wanted = {}
      for y = 1, height do
        local from_bottom = height - y
        wanted[y] = expected[#expected - from_bottom] or string.rep(".", width)
      end
      for y = 1, height do
        if wanted[y] ~= actual[y] then
          local lines = {}
          for k = math.max(1, height - #expected - 1), height do
            lines[#lines + 1] = string.format("  %s   %s%s", wanted[k], actual[k], wanted[k] ~= actual[k] and "  <" or "")
          end
          error((message and message .. ": " or "") .. "the board differs at row " .. (y - 1)
            .. " (expected, then actual):\n" .. table.concat(lines, "\n"), 2)
        end
      end
    end

    -- The words g:events() gives and t.event/t.no_event accept: a word alone matches
    -- any value ("cleared" any count); a value must be of the word's kind.
    local VOCABULARY = {
      moved = "none", board_edited = "none", game_over = "none", b2b = "none",
      rotated = "count", dropped = "count", cleared = "count", combo = "count", scored = "integer",
      locked = "letter", spawned = "letter", held = "letter",
      spin = "spin", callout = "text",
    }
    local WORDS = "moved, rotated:KICK, dropped:ROWS, locked:LETTER, cleared:COUNT, scored:POINTS, "
      .. "spawned:LETTER, held:LETTER, board_edited, game_over, spin:full, spin:mini, combo:N, b2b, callout:TEXT"
    local VALUES = {
      count = { "^%d+$", "a count, like 2" }, integer = { "^%-?%d+$", "an integer, like 400" },
      letter = { "^%u$", "a piece letter, like T" }, spin = { "^%a+$", "full or mini" },
      text = { "^%S+$", "the callout's text, spaces written _" },
    }

    -- Refuses a word that no event can be: a typo would otherwise pass t.no_event silently.
    local function known(name, word)
      if type(word) ~= "string" then error(name .. ": the event must be a word like \"cleared:2\"", 3) end
      local head, value = word:match("^([%w_]+):(.*)$")
      head = head or word
      local kind = VOCABULARY[head]
      if kind == nil then
        error(name .. ": unknown event '" .. word .. "'; the events are " .. WORDS, 3)
      end
      if value == nil then return end
      if kind == "none" then error(name .. ": '" .. head .. "' takes no value (give '" .. head .. "')", 3) end
      local pattern, what = VALUES[kind][1], VALUES[kind][2]
      if not value:match(pattern) or (kind == "spin" and value ~= "full" and value ~= "mini") then
        error(name .. ": '" .. word .. "': the value of " .. head .. " is " .. what, 3)
      end
    end

    -- Asserts the last g:play() produced an event starting with `word` ("cleared",
    -- "cleared:2", "scored:400", "game_over", ...).
    function t.event(g, word, message)
      known("t.event", word)
      for event in g:events():gmatch("%S+") do
        if event == word or event:sub(1, #word + 1) == word .. ":" then return end
      end
      error((message and message .. ": " or "") .. "no event '" .. word .. "' in: " .. g:events(), 2)
    end

    function t.no_event(g, word, message)
      known("t.no_event", word)
      for event in g:events():gmatch("%S+") do
        if event == word or event:sub(1, #word + 1) == word .. ":" then
          error((message and message .. ": " or "") .. "unexpected event '" .. event .. "' in: " .. g:events(), 2)
        end
      end
    end

    return t
    """#
}
