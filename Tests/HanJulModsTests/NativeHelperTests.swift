import Foundation
import HanJulBot
import HanJulCore
@testable import HanJulMods
import Testing

/// `game:settle()` and `game:best_placement()` are native forms of what `Mods/cascade` and
/// `Mods/evil` did in Lua before them: the same games, move for move. Each test plays the
/// shipped mod against its former all-Lua self (kept below, verbatim but for the id) with
/// the same bot on the same seeds and compares the whole state after every piece.
@Suite struct NativeHelperTests {
    /// Plays `seeds` under both rule sets with a noisy eltetris bot (messy stacks, so groups
    /// float and kinds compete); returns the first difference, and how many pieces and
    /// mod-scored events (cascade chains) the games had.
    static func differences(_ shipped: LuaRules, _ former: LuaRules, seeds: ClosedRange<UInt64>, pieces: Int,
                            noise: Double) -> (difference: String?, pieces: Int, modScores: Int) {
        var played = 0, modScores = 0
        for seed in seeds {
            var a = Game(rules: shipped, source: .seeded(seed))
            var b = Game(rules: former, source: .seeded(seed))
            var botA = Bot(BotConfig(noise: noise), seed: seed), botB = Bot(BotConfig(noise: noise), seed: seed)
            for piece in 0..<pieces where !a.state.isOver || !b.state.isOver {
                let placedA = botA.play(&a), placedB = botB.play(&b)
                modScores += a.state.events.count { if case .scored(_, .mod) = $0 { true } else { false } }
                let s = a.state, t = b.state
                if placedA != placedB || s.board != t.board || s.score != t.score || s.lines != t.lines
                    || s.dealt != t.dealt || s.piece != t.piece || s.isOver != t.isOver {
                    return ("seed \(seed) piece \(piece + 1): native score \(s.score) lines \(s.lines) dealt \(s.dealt.count) "
                            + "vs Lua \(t.score) \(t.lines) \(t.dealt.count)", played, modScores)
                }
                played += 1
            }
        }
        return (nil, played, modScores)
    }

    @Test func cascadeWithGameSettlePlaysTheSameGamesAsItsLuaFloodFill() throws {
        let fx = ModFixtures()
        defer { try? FileManager.default.removeItem(atPath: fx.root) }
        fx.write("cascade_lua", Self.formerCascade)
        let result = Self.differences(try repositoryRules("cascade"), try fx.rules("cascade_lua"), seeds: 1...48,
                                      pieces: 400, noise: 0.15)
        #expect(result.difference == nil, "\(result.difference ?? "")")
        #expect(result.pieces > 3000, "the games were long enough to compare (\(result.pieces) pieces)")
        #expect(result.modScores > 15, "chains happened (\(result.modScores) chain scores)")
    }

    @Test func evilWithGameBestPlacementDealsTheSamePiecesAsItsLuaLoop() throws {
        let fx = ModFixtures()
        defer { try? FileManager.default.removeItem(atPath: fx.root) }
        fx.write("evil_lua", Self.formerEvil)
        let result = Self.differences(try repositoryRules("evil"), try fx.rules("evil_lua"), seeds: 1...12,
                                      pieces: 300, noise: 0.1)
        #expect(result.difference == nil, "\(result.difference ?? "")")
        #expect(result.pieces > 300, "the games were long enough to compare")
    }

    /// `game:best_placements(weights)` is `game:best_placement(letter, weights)` for every
    /// kind at once: compared after every lock of noisy games, with weights of both signs
    /// (the evaluator skips the height figures only when their weights are ≤ 0).
    @Test func bestPlacementsGivesBestPlacementOfEveryKind() throws {
        let fx = ModFixtures()
        defer { try? FileManager.default.removeItem(atPath: fx.root) }
        fx.write("judge", ModFixtures.source(id: "judge", """
            after_lock = function(game)
              local weights = { lines = game:random(-900, 900), holes = game:random(-900, 900),
                height = game:random(-900, 900), aggregate_height = game:random(-900, 900),
                bumpiness = game:random(-900, 900) }
              if game:random(2) == 1 then
                weights.height, weights.aggregate_height, weights.bumpiness = -game:random(0, 900), -game:random(0, 900), -game:random(0, 900)
              end
              local all = game:best_placements(weights)
              for _, letter in ipairs({ "I", "O", "T", "S", "Z", "J", "L" }) do
                local one = game:best_placement(letter, weights)
                if all[letter] ~= one then
                  error(letter .. ": best_placements " .. tostring(all[letter]) .. ", best_placement " .. tostring(one))
                end
                if one ~= nil then game:add_score(1) end
              end
            end,
            """))
        let rules = try fx.rules("judge")
        var compared = 0
        for seed in UInt64(1)...6 {
            var game = Game(rules: rules, source: .seeded(seed))
            var bot = Bot(BotConfig(noise: 0.3), seed: seed)
            for _ in 0..<150 where !game.state.isOver {
                bot.play(&game)
                compared += game.state.events.count { if case .scored(_, .mod) = $0 { true } else { false } }
            }
            if case .over(.ruleError(let error)) = game.state.phase { Issue.record("seed \(seed): \(error)") }
        }
        #expect(compared > 1000, "kinds compared: \(compared)")
    }

    @Test func settleMakesTheSameBoardAsTheLuaFloodFillOnRandomBoards() throws {
        let fx = ModFixtures()
        defer { try? FileManager.default.removeItem(atPath: fx.root) }
        // Random boards (cells of random kinds, some hidden, a random density per game),
        // settled by the former Lua functions and by game:settle(); the score counts the
        // settles that moved something.
        let fill = """
            local function fill(game)
              local width, height = game:width(), game:height()
              local density = game:random(20, 70)
              for y = 0, height - 1 do
                for x = 0, width - 1 do
                  if game:random(100) <= density then
                    game:set_cell(x, y, ({ "I", "O", "T", "S", "Z", "J", "L" })[game:random(7)])
                  end
                  if game:random(4) == 1 then game:set_hidden(x, y, true) end
                end
              end
            end
            """
        let luaFunctions = String(Self.formerCascade[..<Self.formerCascade.range(of: "return {")!.lowerBound])
        fx.write("settle_lua", luaFunctions + fill + ModFixtures.source(id: "settle_lua", """
            on_start = function(game)
              fill(game)
              while settle(game, game:width(), game:height()) do game:add_score(1) end
            end,
            """))
        fx.write("settle_native", fill + ModFixtures.source(id: "settle_native", """
            on_start = function(game)
              fill(game)
              while game:settle() do game:add_score(1) end
            end,
            """))
        let lua = try fx.rules("settle_lua"), native = try fx.rules("settle_native")
        var settles = 0
        for seed in UInt64(1)...150 {
            let a = Game(rules: native, source: .seeded(seed)), b = Game(rules: lua, source: .seeded(seed))
            #expect(a.state.board == b.state.board && a.state.score == b.state.score, "seed \(seed)")
            #expect(a.state.board.hidden == b.state.board.hidden, "seed \(seed): hidden marks")
            settles += a.state.score
        }
        #expect(settles > 150, "most boards had floating groups (\(settles) settles)")
    }

    @Test func settleDropsEachGroupOntoTheOnesBelowAndKeepsKinds() throws {
        let fx = ModFixtures()
        defer { try? FileManager.default.removeItem(atPath: fx.root) }
        // A 6×6 board: an S pair hanging at the top left, an L-shaped group of Js whose
        // lowest cell rests on nothing, a lone O in the bottom right corner. Bottom-most
        // first: the O stays, the Js fall 2 rows to the floor, then the S pair onto the Js.
        fx.write("drop", ModFixtures.source(id: "drop", """
            board = { width = 6, height = 6 },
            on_start = function(game)
              game:set_cell(0, 0, "S"); game:set_cell(1, 0, "S")
              game:set_cell(1, 2, "J"); game:set_cell(2, 2, "J"); game:set_cell(2, 3, "J")
              game:set_cell(5, 5, "O")
              -- The score says what settle returned: 1 for the first call, 10 for the second.
              if game:settle() then game:add_score(1) end
              if game:settle() then game:add_score(10) end
            end,
            """))
        let game = Game(rules: try fx.rules("drop"), source: .sequence([0]))
        var rows: [String] = []
        for y in 0..<6 {
            rows.append(String((0..<6).map { x in game.state.board.kind(atX: x, y: y).map { game.state.pieces.kinds[$0].letter } ?? "." }))
        }
        #expect(rows == ["......", "......", "......", "SS....", ".JJ...", "..J..O"])
        #expect(game.state.score == 1, "the first settle moved cells, the second found nothing floating")
    }

    /// `Mods/cascade` as it was before the native helpers: the flood fill in Lua.
    static let formerCascade = #"""
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
  id = "cascade_lua",
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
"""#

    /// `Mods/evil` as it was before the native helpers: every placement's table read in Lua.
    static let formerEvil = #"""
-- Evil: a bastet-style randomizer. Before each piece enters, the mod asks the game where
-- each kind could go (game:placements: every placement reachable from the spawn under the
-- rules, with the board each leaves), finds the player's best placement for each kind,
-- and deals the kind whose best placement is worst. A little mercy keeps it playable:
-- one time in four the piece is a fair random draw, and no kind comes three times in a
-- row. There is no preview (preview = 0), so the choice is made as the piece spawns.
--
-- Placements are judged by the weights of a well-known greedy player: lower aggregate
-- height, fewer holes, a flatter surface and more cleared lines are better.

local KINDS = { "I", "O", "T", "S", "Z", "J", "L" }

-- One time in MERCY the deal is a fair random kind.
local MERCY = 4

-- Placement value weights (x 1000): height, lines, holes, bumpiness.
local W_HEIGHT, W_LINES, W_HOLES, W_BUMPS = -510, 761, -357, -184

-- The last two kinds dealt.
local last, before_last

-- The best value the player can reach with `letter` (higher is better for the player),
-- or nil when it cannot enter at all.
local function best_value(game, letter)
  local best
  for _, p in ipairs(game:placements(letter)) do
    local v = W_HEIGHT * p.aggregate_height + W_LINES * p.lines + W_HOLES * p.holes + W_BUMPS * p.bumpiness
    if not best or v > best then best = v end
  end
  return best
end

local function deal(letter)
  before_last, last = last, letter
  return letter
end

return {
  id = "evil_lua",
  name = "Evil",
  version = "1.0.0",
  description = "Bastet-style: deals the piece whose best placement leaves the worst board "
    .. "(1 in 4 deals is fair random; never 3 alike in a row). No preview.",
  api = 1,

  preview = 0,

  next_piece = function(game)
    if game:random(MERCY) == 1 then return deal(KINDS[game:random(#KINDS)]) end
    local worst, worst_value
    for _, letter in ipairs(KINDS) do
      if not (letter == last and letter == before_last) then
        -- A kind that cannot enter at all is the worst of all (math.mininteger).
        local v = best_value(game, letter) or math.mininteger
        if not worst_value or v < worst_value then worst, worst_value = letter, v end
      end
    end
    return deal(worst)
  end,
}
"""#
}
