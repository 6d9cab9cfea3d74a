---@meta hanjul
-- Type stubs for HanJul mods, for the Lua language server (LuaLS / sumneko).
--
-- Point your editor at this file, e.g. in .luarc.json at the repository root:
--   { "workspace.library": ["docs/hanjul.lua"], "runtime.version": "Lua 5.4" }
-- then annotate your mod's table:  ---@type hanjul.Mod
--
-- This file is checked against the real API by Tests/HanJulModsTests/StubDriftTests.swift:
-- every game method, hook and manifest field must appear here, and nothing else.
-- Reference: docs/MODDING.md.

---A piece letter: one uppercase ASCII letter of the rule set's pieces ("I", "T", ...).
---@alias hanjul.Letter string

---The last action that moved or turned the piece in play.
---@alias hanjul.Move "left"|"right"|"rotate"|"rotate_ccw"|"rotate_180"|"soft_drop"|"hard_drop"

---The game a hook is looking at. x grows to the right from 0, y grows downward from 0 (row 0 is
---the top). A row mask has bit x set when column x is filled.
---@class hanjul.Game
local Game = {}

-- Reads ---------------------------------------------------------------------------------

---Board width in cells.
---@return integer
function Game:width() end

---Board height in cells.
---@return integer
function Game:height() end

---The letter of the kind locked at (x, y), or nil when the cell is empty.
---@param x integer
---@param y integer
---@return hanjul.Letter|nil
function Game:cell(x, y) end

---Row y as a bitmask: bit x set when column x is filled.
---@param y integer
---@return integer
function Game:row(y) end

---Whether the cell is hidden from display (it still counts for the game).
---@param x integer
---@param y integer
---@return boolean
function Game:is_hidden(x, y) end

---The piece in play: letter, rotation state, and x, y of its box's top-left corner (nil in on_start;
---in on_lock, on_clear and after_lock the piece that locked; in the bot's search copy, the piece the
---search turns).
---@return hanjul.Letter|nil letter
---@return integer rotation
---@return integer x
---@return integer y
function Game:piece() end

---The coming kinds, next first (as many as the preview; fewer once next_piece ended the queue).
---@return hanjul.Letter ...
function Game:queue() end

---Every kind of the rule set, in index order.
---@return hanjul.Letter ...
function Game:kinds() end

---The kind in the hold slot, or nil.
---@return hanjul.Letter|nil
function Game:held() end

---The entry delay and what was given during it: `delay`, the ms left before the next piece
---enters (0 while a piece is in play); `turn`, the turn the entering piece will make (IRS:
---"rotate", "rotate_ccw", "rotate_180", or nil); `hold`, whether it goes to hold as it enters
---(IHS). An on_spawn hook sees the turn and hold the new piece is about to get.
---@return {delay: integer, turn: string?, hold: boolean}
function Game:entry() end

---The last action that moved or turned the piece in play, or nil right after a spawn (and always
---in the bot's search copy, which tries places, not paths).
---@return hanjul.Move|nil
function Game:last_move() end

---@return integer
function Game:score() end

---@return integer
function Game:lines() end

---@return integer
function Game:level() end

---How many pieces have been dealt (spawned), the one in play included; only real pieces.
---@return integer
function Game:dealt() end

---How many pieces have locked.
---@return integer
function Game:pieces_locked() end

---Gravity ticks so far.
---@return integer
function Game:tick() end

---Milliseconds of game time so far: the sum of the W actions (front ends send W for all the
---time that passes when the mod's result is in "ms"; 0 when no time was told).
---@return integer
function Game:time() end

---Whether the game has ended.
---@return boolean
function Game:is_over() end

---Whether a piece of `letter` in `rotation` at (x, y) fits the board.
---@param letter hanjul.Letter
---@param rotation integer
---@param x integer
---@param y integer
---@return boolean
function Game:fits(letter, rotation, x, y) end

---A random integer from the game's seeded generator: random(n) is 1..n, random(low, high) is
---low..high. Not in hooks that compute a value.
---@param low_or_n integer
---@param high? integer
---@return integer
function Game:random(low_or_n, high) end

---A landing place for a piece, found by game:placements (on a copy of the board).
---@class hanjul.Placement
---@field x integer the piece's box, where it locks
---@field y integer
---@field rotation integer
---@field lines integer lines the lock would clear
---@field holes integer empty cells under a filled cell, after the clear
---@field height integer the tallest column, after the clear
---@field aggregate_height integer the columns' heights added up
---@field bumpiness integer the height differences of neighbouring columns added up

---The board as row bitmasks, one per row, top row first (the bottom row is the last).
---@return integer[]
function Game:board() end

---Every place a piece of `letter` can lock from where the rules spawn it, by turns (the
---mods' rotate hook or kick table, as in the game), moves and a hard drop, each with the
---board it would leave. Computed on a copy: the game does not change. Not in spawn or rotate.
---@param letter hanjul.Letter
---@return hanjul.Placement[]
function Game:placements(letter) end

---The best value sum(weights[k] * figure k) over the placements game:placements(letter)
---lists (weights: integers keyed lines, holes, height, aggregate_height, bumpiness; a
---missing key weighs 0), and where the first best locks; nil when the piece cannot enter.
---The same answer as that loop in Lua, without a table per placement.
---@param letter hanjul.Letter
---@param weights table<string, integer>
---@return integer? value
---@return integer x
---@return integer y
---@return integer rotation
function Game:best_placement(letter, weights) end

---game:best_placement's value for every kind at once: {letter = value}, without the kinds
---that cannot enter. One call per deal for a randomizer that weighs every kind.
---@param weights table<string, integer>
---@return table<hanjul.Letter, integer>
function Game:best_placements(weights) end

-- Changes (refused in scoring, level, gravity, hard_drop_points, spawn and rotate) --------

---Sets a cell to a kind, or empties it with nil.
---@param x integer
---@param y integer
---@param letter hanjul.Letter|nil
function Game:set_cell(x, y, letter) end

---Hides a cell from display, or shows it again.
---@param x integer
---@param y integer
---@param hidden boolean
function Game:set_hidden(x, y, hidden) end

---Inserts a row at y holding `letter` in the columns of `mask`; the rows above y move up.
---Returns true when a filled cell was pushed off the top (the game then ends).
---@param y integer
---@param mask integer
---@param letter hanjul.Letter
---@return boolean pushed_off
function Game:insert_row(y, mask, letter) end

---Pushes every row up and puts a new bottom row holding `letter` in the columns of `mask`.
---Returns true when a filled cell was pushed off the top (the game then ends).
---@param mask integer
---@param letter hanjul.Letter
---@return boolean pushed_off
function Game:push_row(mask, letter) end

---Removes row y; the rows above move down.
---@param y integer
function Game:remove_row(y) end

---Empties the whole board.
function Game:clear_board() end

---Removes every full row and counts the lines (no points: add them with add_score).
---@return integer count
---@return integer rows mask of the removed rows (bit y for row y before removal)
function Game:clear_lines() end

---Lets every group of filled cells (joined through their four neighbours, any kinds) fall
---as one piece until it rests, the lowest group first; returns whether anything moved.
---The same changes as a flood fill with game:cell and set_cell, natively.
---@return boolean moved
function Game:settle() end

---Adds points (negative takes points away). The score saturates instead of overflowing.
---@param points integer
function Game:add_score(points) end

---Sets the level (0 to 1000000): from then on the lines no longer decide it (the level hook is not
---asked again); the panel, run --json, the tables, lock_delay.by_level and gravity follow it.
---TGM: +1 a piece in after_lock, +1 a line in on_clear.
---@param level integer
function Game:set_level(level) end

---Replaces the coming kinds; give exactly as many as the queue holds (the preview, or fewer
---once the queue ended).
---@param ... hanjul.Letter
function Game:set_queue(...) end

---What the latest lock was (nil before the first): complete once its rows are removed, so
---scoring, on_clear and after_lock see the lock they are about (on_lock still sees the one before).
---@return hanjul.LockFacts|nil
function Game:lock_facts() end

---The 3-corner T-spin test for that piece on the board now, with the game's last move and kick:
---"full", "mini" or "none" (not a T shape, not turned last, or fewer than three corners filled).
---@param letter hanjul.Letter
---@param rotation integer
---@param x integer
---@param y integer
---@return "full"|"mini"|"none"
function Game:spin(letter, rotation, x, y) end

---Queues a callout for the player ("T-SPIN DOUBLE"): the play screen shows it, `hanjul run --json`
---lists it in "callouts". One line, at most 48 characters shown. Allowed in hooks that may change
---the game, in scoring and in on_game_over; not in spawn or rotate (they may run any number of times).
---@param text string
function Game:announce(text) end

---The next letter of the standard bag (every kind without bag = false), from the game's generator
---and the default randomizer's own bag. Not in read-only hooks.
---@return hanjul.Letter
function Game:standard_next() end

---Moves the piece in play by (dx, dy) (each -64 to 64) when it fits there: true; otherwise
---false and nothing changes. Only in after_move, on_spawn, on_tick and on_top_out. The last
---move stays as it was. 20G: `while game:move_piece(0, 1) do end`.
---@param dx integer
---@param dy integer
---@return boolean moved
function Game:move_piece(dx, dy) end

---Replaces the piece in play: each field left out stays as it is; `kind` may change the piece's
---kind. True when that piece fits (it is then in play); false and nothing changes otherwise.
---Only in after_move, on_spawn, on_tick and on_top_out.
---@param piece {kind?: hanjul.Letter, rotation?: integer, x?: integer, y?: integer}
---@return boolean placed
function Game:set_piece(piece) end

---Whether every other mod lets the change `event` happen (a word the mods agree on: "rise"):
---each other mod's veto hook is asked, in load order, and the first that returns true cancels
---it. Ask before making the change; only in hooks that may change the game.
---@param event string 1 to 32 characters
---@param argument? integer passed on to the veto hooks
---@return boolean allowed
function Game:allowed(event, argument) end

---Ends the game as topped out (reason "topped_out"): a piece that locked wholly above the board, say.
function Game:top_out() end

---Ends the game with a result. With a `result` declaration, finish(value) (e.g.
---game:finish(game:time())) takes its name, unit and direction; finish(label, value[,
---lower_is_better]) names it here (lower_is_better left out: the declaration's, else false).
---Under a declaration with tie-breaks (result.tie_breaks), finish(value, tie1, ...) gives each
---tie-break's value after the result's; one in "ms" left out is game:time().
---@param label string|integer 1 to 32 characters, or the value under a result declaration
---@param value? integer
---@param lower_is_better? boolean|integer
---@param ... integer
function Game:finish(label, value, lower_is_better, ...) end

-- The standard rules -------------------------------------------------------------------

---Every mod's Lua state has this global: the standard rules as functions, to build on.
---@class hanjul.Global
---@field standard hanjul.Standard
hanjul = {}

---The standard rules of docs/RULES.md, the engine's own code.
---@class hanjul.Standard
local Standard = {}

---Points for `lines` cleared at once at `level`: 0/100/300/500/800 x level.
---@param lines integer
---@param level integer
---@return integer
function Standard.points(lines, level) end

---The level after `lines` lines: 1 + lines // 10.
---@param lines integer
---@return integer
function Standard.level(lines) end

---Milliseconds per gravity row at `level`: max(120, 700 - (level - 1) * 45).
---@param level integer
---@return integer
function Standard.gravity(level) end

---Points for a soft drop of `rows` rows: none.
---@param rows integer
---@return integer
function Standard.soft_drop_points(rows) end

---Points for a hard drop of `rows` rows: 2 per row.
---@param rows integer
---@return integer
function Standard.hard_drop_points(rows) end

---The offsets {dx, dy} (dy down) the rules try, in order, when `letter` turns from rotation
---state `from` to `to` and no rotate hook decides: the mods' kicks, or the standard six.
---@param letter hanjul.Letter
---@param from integer
---@param to integer
---@return integer[][]
function Standard.kicks(letter, from, to) end

---The turn the engine makes without a rotate hook (the next state, the first kick that fits),
---with a rotate hook's arguments: x, y, rotation and the kick's index, or nil when no kick
---fits. A rotate hook may return it as it is: `return hanjul.standard.rotate(game, ...)`.
---@param game hanjul.Game
---@param letter hanjul.Letter
---@param rotation integer
---@param x integer
---@param y integer
---@param direction integer 1 clockwise, -1 counter-clockwise, 2 a half turn
---@return integer|nil x
---@return integer y
---@return integer rotation
---@return integer kick
function Standard.rotate(game, letter, rotation, x, y, direction) end

---Where a piece enters without a spawn hook: x = (width - 4) // 2, y = 0, rotation 0.
---@param game hanjul.Game
---@param letter hanjul.Letter
---@return integer x
---@return integer y
---@return integer rotation
function Standard.spawn(game, letter) end

-- The mod -------------------------------------------------------------------------------

---The facts of one lock (game:lock_facts()).
---@class hanjul.LockFacts
---@field letter hanjul.Letter the piece that locked
---@field rotation integer
---@field x integer
---@field y integer
---@field lines integer full rows it removed
---@field spin "full"|"mini"|"none" the 3-corner T-spin test
---@field combo integer its place in a run of clearing locks (1, 2, ...); 0 when it cleared nothing
---@field back_to_back boolean a difficult clear (4+ rows, or rows with a spin) right after another
---@field last_move hanjul.Move|nil the last move or turn before it locked
---@field kick integer|nil when last_move is a turn: the index (0-based) of the kick offset used

---One piece kind of a custom piece set.
---@class hanjul.PieceKind
---@field letter hanjul.Letter one uppercase letter, unique in the set
---@field color integer|string 0xRRGGBB or "#RRGGBB"
---@field rotations integer[][][] 1 to 8 rotation states, each a list of {x, y} cells in the piece's box
---@field bag? boolean false: the default randomizer never deals this kind (garbage, say)

---The table mod.lua returns.
---What the attack hook gets: game:lock_facts() of the lock, plus perfect_clear.
---@class hanjul.AttackFacts
---@field letter hanjul.Letter
---@field rotation integer
---@field x integer
---@field y integer
---@field lines integer full rows the lock removed
---@field spin "none"|"mini"|"full"
---@field combo integer 1 for the first clearing lock in a row, 2 for the next, ...; 0 when it cleared nothing
---@field back_to_back boolean
---@field perfect_clear boolean the lock cleared rows and left the board empty
---@field last_move? string
---@field kick? integer

---@class hanjul.Mod
---@field id string the mod's folder name (a-z 0-9 _ -, at most 32)
---@field name string shown to players
---@field version string like "1.0.0"
---@field description string one line saying what the mod changes (shown by `hanjul mods`)
---@field api integer the hook API version: 1
---@field board? {width: integer, height: integer} 4 to 64 each; default 10 x 20
---@field pieces? hanjul.PieceKind[] 1 to 64 kinds; default the seven standard pieces
---@field extra_pieces? hanjul.PieceKind[] kinds added after pieces (or after the seven standard pieces)
---@field rotations? table<hanjul.Letter, integer[][][]> new rotation states (1 to 8, each a list of {x, y} cells) for kinds of the set, by letter; kinds not named keep theirs (the last mod's win)
---@field preview? integer coming pieces shown, 0 to 6; default 1
---@field kicks? integer[][]|table<string, integer[][]|table<string, integer[][]>> offsets {dx, dy} (dy down) tried in order when rotating, for every turn; or by kind ("default" or a letter) and turn (["0>1"]); default {0,0} {-1,0} {1,0} {-2,0} {2,0} {0,-1}
---@field counterclockwise? boolean switch on the A action (counter-clockwise rotation)
---@field hold? boolean switch on the X action (hold)
---@field rotate_180? boolean switch on the F action (a 180-degree turn; a rotate hook sees direction 2)
---@field fresh_state? boolean new Lua states for every game in sim, compare and bench instead of one state per worker reset between games
---@field entry_delay? {ms: integer, line_clear?: integer, from_level?: {level: integer, ms: integer, line_clear?: integer}[]}|false the entry delay (ARE): after a lock no piece is in play for `ms` (0 to 10000) of W time, `line_clear` after a lock that cleared rows (left out: `ms`); from_level: other delays from a level on (levels rising); a turn or hold given during the delay acts on the entering piece (IRS, IHS); false: none
---@field lock_delay? {ms: integer, reset?: "move"|"step"|"none", resets?: integer, by_level?: integer[]}|false a grounded piece locks after `ms` (1 to 10000) of W time; reset "move" (default, the Guideline's): moves and turns on the ground restart the timer, at most `resets` times (0 to 1000: 0 none; left out: no limit), "step" (TGM's): only a new lowest row does, "none": nothing does; by_level: the time at level 1, 2, … (the first below 1, the last past the end); false: none
---@field result? {name: string, unit: "ms"|"pieces"|"lines"|"points"|"count", lower_is_better?: boolean, clock?: boolean, tie_breaks?: table} how the result of game:finish reads; tie_breaks: a tie-break {name, unit, lower_is_better} or a list of up to 3, ranking equal results (game:finish(value, tie, ...); a tie-break in "ms" left out is game:time()) (name 1 to 32 characters; "ms": milliseconds of game time, game:time(); clock = true: front ends tell the game time under another unit too); screens show it in its unit and rank high scores by it (last mod wins)
---@field requires? (string|{[1]: string, [2]: string})[] mods this one needs, loaded before it: an id, or {id, range} with a version range of comparisons like ">=1.0 <2" (operators >= > <= < =; all must hold)
---@field after? string[] mods this one must come after when they are loaded (they need not be)
---@field goal? {lines?: integer, time?: integer} lines to clear (1 to 1000000), for a screen's "lines left"; time: milliseconds of game time (1 to 86400000), for its "time left" (last mod wins; ending the game there is the mod's own finish)
---@field next_piece? fun(game: hanjul.Game): hanjul.Letter|nil the kind to deal next, or nil to end the queue (the game then ends "out_of_pieces" when a piece should enter and none is left; last mod wins)
---@field spawn? fun(game: hanjul.Game, letter: hanjul.Letter): integer, integer, integer? where a piece enters: x, y, rotation (last mod wins; read-only)
---@field rotate? fun(game: hanjul.Game, letter: hanjul.Letter, rotation: integer, x: integer, y: integer, direction: integer): integer?, integer?, integer?, integer? the turned piece x, y, rotation (and optionally the kick's index) or nil to refuse; direction 1 clockwise, -1 counter-clockwise, 2 a half turn; hanjul.standard.rotate is the default (last mod wins; read-only)
---@field scoring? fun(game: hanjul.Game, lines: integer, level: integer, points: integer): integer points for lines cleared at once (chains; read-only)
---@field level? fun(lines: integer, level: integer): integer the level after `lines` lines; not asked once a hook called game:set_level (chains; no game)
---@field gravity? fun(level: integer, interval: integer): integer milliseconds per gravity row, 16..10000, or 0 for instant gravity (20G) (chains; no game)
---@field hard_drop_points? fun(rows: integer, points: integer): integer points for a hard drop of `rows` rows (chains; no game)
---@field soft_drop_points? fun(rows: integer, points: integer): integer points for a soft drop of `rows` rows; standard 0 (chains; no game)
---@field on_start? fun(game: hanjul.Game) once per game, before the preview is drawn and the first piece enters (all run)
---@field on_spawn? fun(game: hanjul.Game) after a piece entered (all run)
---@field on_lock? fun(game: hanjul.Game, letter: hanjul.Letter, rotation: integer, x: integer, y: integer) after a piece was written into the board, before full rows go (all run)
---@field on_clear? fun(game: hanjul.Game, count: integer, rows: integer) after full rows were removed and scored (all run)
---@field after_lock? fun(game: hanjul.Game, cleared: integer) after every lock, its clear (0 rows included) scored, before the next piece (all run)
---@field on_tick? fun(game: hanjul.Game) after a gravity tick (all run)
---@field after_move? fun(game: hanjul.Game, move: hanjul.Move) after each successful slide ("left", "right"), turn ("rotate", "rotate_ccw", "rotate_180") or one-row fall ("soft_drop": D, or a gravity tick's); may move the piece with game:move_piece / set_piece (all run)
---@field on_top_out? fun(game: hanjul.Game): boolean a new piece does not fit: return true after making room to go on (all run)
---@field on_game_over? fun(game: hanjul.Game, reason: "blocked_spawn"|"topped_out"|"out_of_pieces"|"finished"|"rule_error") once, when the game has ended (all run; read-only)
---@field attack? fun(game: hanjul.Game, facts: hanjul.AttackFacts, sent: integer): integer garbage lines the latest lock sends in a versus match, given its facts and the lines the mods before sent (from 0); asked only by versus matches (chains; read-only)
---@field veto? fun(game: hanjul.Game, event: string, argument: integer|nil): boolean true to cancel another mod's change `event` (asked by its game:allowed; all run, in order, until one cancels; read-only)
---@field garbage? {delay?: integer, messiness?: number, cap?: integer, cancels?: boolean} how garbage arrives in a versus match: after `delay` more pieces (0 to 100; default 0), holes moving with chance `messiness` per line (0 to 1; default 0), at most `cap` lines a lock (1 to 64; default 8), cancelled by one's own attack first (default true) (last mod wins)

-- The test harness (tests/*.lua) -------------------------------------------------------

---A game under test (tests/*.lua): every read of the game object (hanjul.Game: score,
---lines, cell, is_hidden, piece, queue, dealt, lock_facts, placements, ..., the same names,
---arguments and results a hook gets), plus play() and the fields below.
---@class hanjul.TestGame : hanjul.Game
---@field play fun(self: hanjul.TestGame, script: string) apply an action script (L R C A F D H G X W<ms>)
---@field board fun(self: hanjul.TestGame): string the board, top row first, rows joined by "\n"
---@field events fun(self: hanjul.TestGame): string the last play's events as words ("locked:T cleared:1 scored:100")
---@field reason fun(self: hanjul.TestGame): string|nil "blocked_spawn", "topped_out", "out_of_pieces", "finished" or "rule_error: ..."
---@field result fun(self: hanjul.TestGame): string|nil, integer, boolean, string, integer ... label, value, lower_is_better, unit ("ms", "pieces", "lines", "points" or "count"), then a compound result's tie-break values
---@field dealt_letters fun(self: hanjul.TestGame): string every piece dealt so far, as one string of letters
---@field log fun(self: hanjul.TestGame): string what the mod printed
---@field hidden fun(self: hanjul.TestGame): nil renamed is_hidden (an error that says so)
---@field over fun(self: hanjul.TestGame): nil renamed is_over (an error that says so)

---@class hanjul.test
---@field test fun(name: string, fn: fun()) register a test
---@field game fun(spec: {pieces?: string, seed?: integer, board?: string, mods?: string[], level?: integer, lines?: integer}): hanjul.TestGame a game under the mod (after the mods of check --with, or after `mods` in order: the mod itself last unless named), loaded fresh; starting on `board` (any letter of the rules), at `level` (never below it) with `lines`
---@field eq fun(actual: any, expected: any, message?: string)
---@field ok fun(value: any, message?: string)
---@field fail fun(message?: string)
---@field board fun(game: hanjul.TestGame, literal: string, message?: string) the literal's rows are the bottom rows; all above empty
---@field event fun(game: hanjul.TestGame, word: string, message?: string) the last play had this event ("cleared", "cleared:2"); words: moved, rotated:KICK, dropped:ROWS, locked:LETTER, cleared:COUNT, scored:POINTS, spawned:LETTER, held:LETTER, board_edited, game_over, spin:full, spin:mini, combo:N, b2b, callout:TEXT (alone: any value); any other word is an error
---@field no_event fun(game: hanjul.TestGame, word: string, message?: string) the last play had no such event (the same words; any other is an error)
