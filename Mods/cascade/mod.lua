-- Cascade: after a line clear, every group of cells left floating falls as one piece
-- until it rests on the floor or the stack. A fall can complete more rows: those clear
-- too, as a chain, and each link of the chain scores more than the one before.
--
-- Groups are found by flood fill over the four neighbours (cells of any kind join one
-- group). Groups fall bottom-most first, so a group lands on the ones below it.

-- Points for 1 to 4 (or more) lines cleared by a fall, before the level and chain factor.
local CHAIN_POINTS = { 100, 300, 500, 800 }

-- The board as a Lua grid, cells[y * width + x + 1] = letter or false.
local function read_board(game, width, height)
  local cells = {}
  for y = 0, height - 1 do
    for x = 0, width - 1 do
      cells[y * width + x + 1] = game:cell(x, y) or false
    end
  end
  return cells
end

-- Connected groups of filled cells, each a list of {x, y}, in scan order.
local function find_groups(cells, width, height)
  local group_of = {}
  local groups = {}
  for start = 1, width * height do
    if cells[start] and not group_of[start] then
      local group = {}
      local stack = { start }
      group_of[start] = true
      while #stack > 0 do
        local index = stack[#stack]
        stack[#stack] = nil
        local x, y = (index - 1) % width, (index - 1) // width
        group[#group + 1] = { x, y }
        local neighbours = {
          x > 0 and index - 1 or nil, x < width - 1 and index + 1 or nil,
          y > 0 and index - width or nil, y < height - 1 and index + width or nil,
        }
        for k = 1, 4 do
          local n = neighbours[k]
          if n and cells[n] and not group_of[n] then
            group_of[n] = true
            stack[#stack + 1] = n
          end
        end
      end
      groups[#groups + 1] = group
    end
  end
  return groups
end

-- Lets every floating group fall; returns whether anything moved.
local function settle(game, width, height)
  local cells = read_board(game, width, height)
  local groups = find_groups(cells, width, height)
  -- Lowest group first: sort by the bottom-most row, ties by scan order (stable key).
  local order = {}
  for i, group in ipairs(groups) do
    local bottom = 0
    for _, cell in ipairs(group) do bottom = math.max(bottom, cell[2]) end
    order[i] = { bottom = bottom, index = i }
  end
  table.sort(order, function(a, b)
    if a.bottom ~= b.bottom then return a.bottom > b.bottom end
    return a.index < b.index
  end)
  local moved = false
  for _, entry in ipairs(order) do
    local group = groups[entry.index]
    local letters = {}
    for k, cell in ipairs(group) do
      local index = cell[2] * width + cell[1] + 1
      letters[k] = cells[index]
      cells[index] = false
    end
    local drop = 0
    while true do
      local blocked = false
      for _, cell in ipairs(group) do
        local y = cell[2] + drop + 1
        if y >= height or cells[y * width + cell[1] + 1] then blocked = true break end
      end
      if blocked then break end
      drop = drop + 1
    end
    for k, cell in ipairs(group) do
      cells[(cell[2] + drop) * width + cell[1] + 1] = letters[k]
    end
    if drop > 0 then
      moved = true
      for _, cell in ipairs(group) do game:set_cell(cell[1], cell[2], nil) end
      for k, cell in ipairs(group) do game:set_cell(cell[1], cell[2] + drop, letters[k]) end
    end
  end
  return moved
end

return {
  id = "cascade",
  name = "Cascade",
  version = "1.0.0",
  description = "After a clear, floating groups of cells fall and may clear more lines; "
    .. "each link of a chain scores double, triple, ... the line points.",
  api = 1,

  on_clear = function(game)
    local width, height = game:width(), game:height()
    local chain = 1
    while settle(game, width, height) do
      local count = game:clear_lines()
      if count == 0 then break end
      chain = chain + 1
      game:add_score(CHAIN_POINTS[math.min(count, 4)] * game:level() * chain)
    end
  end,
}
