-- Pure: the Tiny Epic Galaxies table's pieces, dice, mat labels and scoreboard, for the
-- table framework (glue.table documents the view's part of the contract).
--
-- Pieces come in groups, each placed again only when what it depends on changed: the face-up
-- row, each player's ships, tokens and colonies, the dice. Secret missions show only at the
-- end (revealed beside their mats).

local Record = require("glue.record")
local Seats = require("glue.seats")
local S = require("teg.core.state")
local Story = require("teg.table.story")
local tr = require("lib.tr")

local V = {}

local function card_place(aff, px, py, y, down)
  return {
    x = aff.ox + px * aff.xx + py * aff.yx,
    y = y,
    z = aff.oz + px * aff.xz + py * aff.yz,
    ry = aff.ry,
    down = down,
  }
end

-- A layout place at another height or face down (layout places themselves, { x, y, z, ry },
-- stand in the picture as they are: neither side changes them).
local function at(p, y, down)
  return { x = p.x, y = y or p.y, z = p.z, ry = p.ry, down = down }
end

local function seat_of(ctx, color)
  return (Seats.of(ctx.layout, color))
end

local function guids(L, ids)
  local out = {}
  for k, id in ipairs(ids) do
    out[k] = L.planets[id].guid
  end
  return out
end

-- The die the converter set this turn (index from 0), from the record: it stands on the
-- converter until it is used.
local function converted_die(m)
  local rec = m.record
  if rec == nil then
    return nil
  end
  -- Actions before the resume point may be kept as text only (Record.action is nil there).
  for i = rec.count, 1, -1 do
    local action = Record.action(rec, i)
    local t = action and action.type
    if t == "convert" then
      return action.die
    elseif t == nil or t == "roll" or t == "end_turn" then
      return nil
    end
  end
  return nil
end

-- Where one player's ships, tokens and colonies lie (and, at the end, their mission).
local function player_pieces(ctx, state, i, p, row_index, put)
  local L, D = ctx.layout, ctx.D
  local seat = seat_of(ctx, p.color)
  local spots = seat.colonies
  for k, id in ipairs(p.colonies) do
    if k < #spots or #p.colonies == #spots then
      put(L.planets[id].guid, spots[k])
    end
  end
  for s, ship in ipairs(p.ships) do
    local where
    if ship.at == "home" then
      where = seat.home[s]
    elseif ship.at == "locked" then
      where = seat.locked[s]
    else
      local k = row_index[ship.planet]
      local f = L.planets[ship.planet]
      if k == nil then
        where = seat.home[s]
      elseif ship.at == "surface" then
        local o = L.surface_offsets[(i - 1) % #L.surface_offsets + 1]
        where = card_place(L.row[k], f.surface[1] + o[1], f.surface[2] + o[2], 1.3, false)
      else
        local step = f.orbit[math.min(ship.step + 1, #f.orbit)]
        where = card_place(L.row[k], step[1], step[2] + L.orbit_pitch * (i - 1), 1.3, false)
      end
    end
    put(seat.ships[s], where)
  end
  for _, r in ipairs(D.resources) do
    put(seat.tokens[r], seat.tracks[r][p[r] + 1])
  end
  put(seat.tokens.empire, seat.empire[p.empire])
  if state.phase == "over" and p.mission and L.missions[p.mission] then
    put(L.missions[p.mission], at(seat.mission, nil, false)) -- revealed
  end
end

local function player_sig(state, p, row)
  local ships = {}
  for s, ship in ipairs(p.ships) do
    ships[s] = ship.at .. tostring(ship.planet) .. tostring(ship.step)
  end
  return table.concat(ships, ",") .. "|" .. p.energy .. "|" .. p.culture .. "|" .. p.empire
    .. "|" .. table.concat(p.colonies, ",") .. "|" .. row .. "|" .. state.phase
end

-- Dice: ready in the bay, activated below it, spent and set on the converter, the rest aside.
local function dice_group(ctx, state)
  local L, D = ctx.layout, ctx.D
  local dice = L.dice
  local rolled = #state.dice
  local n_next = rolled
  if rolled == 0 and state.phase ~= "over" then
    n_next = D.levels[state.players[S.active_seat(state)].empire].dice
  end
  local converted = converted_die(ctx.m)
  local sig = {}
  for i, d in ipairs(state.dice) do
    sig[i] = d.state
  end
  sig = table.concat(sig, ",") .. "|" .. n_next .. "|" .. tostring(converted)
  return { name = "dice", sig = sig, units = 1, place = function(put)
    local spent = 0
    for i = 1, #dice.guids do
      local d = state.dice[i]
      local where
      if d == nil then
        where = i <= n_next and dice.bay[i] or dice.spare[i]
      elseif d.state == "used" then
        where = dice.used[i]
      elseif d.state == "spent" then
        spent = spent + 1
        where = dice.spend[math.min(spent, 2)]
      elseif converted == i - 1 then
        where = dice.set
      else
        where = dice.bay[i]
      end
      put(dice.guids[i], where)
    end
  end }
end

-- The groups of pieces, each with what its places depend on (glue.table places a group
-- again only when that changed, a few groups a frame): the face-up row, each player's
-- ships, tokens and colonies, the dice.
function V.groups(ctx)
  local L, state = ctx.layout, ctx.shown
  local row = table.concat(state.row, ",")
  local row_index = {}
  for k, id in ipairs(state.row) do
    row_index[id] = k
  end
  local groups = { { name = "row", sig = row, units = 1, place = function(put)
    local cw, ch = L.card.w, L.card.h
    for k, id in ipairs(state.row) do
      put(L.planets[id].guid, card_place(L.row[k], cw / 2, ch / 2, L.card.y, false))
    end
  end } }
  for i, p in ipairs(state.players) do
    groups[#groups + 1] = { name = p.color, sig = player_sig(state, p, row), units = 1,
      place = function(put)
        player_pieces(ctx, state, i, p, row_index, put)
      end }
  end
  groups[#groups + 1] = dice_group(ctx, state)
  return groups
end

-- Undealt planets stay in the planet deck and discards go on the discard pile: decks, never
-- loose cards lying on each other (those can merge into a new deck in TTS); past ten
-- colonies, a player's last place holds a pile.
function V.piles(ctx)
  local memo = ctx.memo.game
  local L, state = ctx.layout, ctx.shown
  if memo.piles_for == state then
    return memo.piles
  end
  local piles = {
    { key = "planets", place = L.planet_pile, down = true, cards = guids(L, state.deck) },
    { key = "discard", place = L.discard_pile, down = false, cards = guids(L, state.discard) },
  }
  for _, p in ipairs(state.players) do
    local spots = seat_of(ctx, p.color).colonies
    if #p.colonies > #spots then
      local rest = {}
      for k = #spots, #p.colonies do
        rest[#rest + 1] = p.colonies[k]
      end
      piles[#piles + 1] = { key = "colonies:" .. p.color, place = spots[#spots], down = false,
        cards = guids(L, rest) }
    end
  end
  memo.piles_for, memo.piles = state, piles
  return piles
end

-- Dice not rolled this turn show the first face, so a load or an undo leaves the table
-- looking as it did.
function V.faces(ctx, faces)
  local guids_ = ctx.layout.dice.guids
  local state = ctx.shown
  for i = 1, #guids_ do
    local d6 = state.dice[i]
    faces[#faces + 1] = { guids_[i], d6 and d6.face or ctx.D.face_ids[1] }
  end
end

-- Each mat's VP; at the end, each revealed mission says whose it is and what it scored (it
-- was "Your secret mission" in its owner's hand).
function V.labels(ctx, labels)
  local state = ctx.shown
  local over = state.phase == "over"
  for _, p in ipairs(state.players) do
    local v = { color = p.color, vp = p.vp }
    labels[#labels + 1] = { seat_of(ctx, p.color).mat, over and tr("{color}: {vp} VP (final)", v)
      or tr("{color}: {vp} VP", v) }
    local m = over and ctx.D.mission[p.mission]
    if m and ctx.layout.missions[p.mission] then
      labels[#labels + 1] = { ctx.layout.missions[p.mission], tr("{color}'s mission: {name} "
        .. "(+{vp} VP)", { color = p.color, name = m.name, vp = p.mission_vp }), m.text }
    end
  end
end

V.COLUMNS = { "color", "vp", "energy", "culture", "empire", "colonies" }

-- A player's row of the scoreboard.
function V.cells(_, p)
  return { p.color, tostring(p.vp), tostring(p.energy), tostring(p.culture),
    tostring(p.empire), tostring(#p.colonies) }
end

-- The text under the scoreboard at the end: each player's score by category, in the
-- ranking's order, and who won and why.
function V.final(ctx)
  local state = ctx.shown
  if state.phase ~= "over" then
    return ""
  end
  local D = ctx.D
  local lines = { tr("Final score: planets + empire + mission = VP") }
  for k, group in ipairs(state.ranking) do
    for _, color in ipairs(group) do
      for _, p in ipairs(state.players) do
        if p.color == color then
          local planets = 0
          for _, id in ipairs(p.colonies) do
            planets = planets + D.planet[id].vp
          end
          local m = D.mission[p.mission]
          lines[#lines + 1] = tr("{k}. {color}: {planets} + {empire} + {mission} ({name}) = {vp} VP",
            { k = k, color = color, planets = planets, empire = D.levels[p.empire].vp,
              mission = p.mission_vp, name = m and m.name or tr("no mission"), vp = p.vp })
        end
      end
    end
  end
  lines[#lines + 1] = Story.winner(D, state)
  return table.concat(lines, "\n")
end

return V
