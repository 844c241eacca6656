-- The table as it should look, computed from the game: a pure function.
--
-- picture(m, ctx) takes the table's game (teg.table.model) and what the glue knows of the
-- room (who is seated, each colour's preferences) and returns
--   ui     = { { element id, { text =, active =, onClick = } }, ... }   (Global XmlUI)
--   pieces = { { guid, { x, y, z, ry, down, s } }, ... }              (where each piece lies)
--   piles  = { { key =, place =, down =, cards = { guid, ... } }, ... } (cards kept as decks)
--   faces  = { { die guid, face }, ... }                              (what each die shows)
--   labels = { { mat guid, text }, ... }                              (the VP on each mat)
-- The painter (glue.paint) compares it with the table and makes only the calls needed,
-- so load, rewind, undo, a colour change and a refused click all end the same way.

local S = require("teg.core.state")
local Model = require("teg.table.model")
local Prompts = require("teg.table.prompts")

local V = {}

-- What decision `d` asks, in words (teg.table.prompts); a decision without words says so
-- plainly rather than showing a field name (a test fails on any such decision).
function V.prompt(m, ctx, d)
  local action = m.current and m.current.action or {}
  return Prompts.prompt(ctx.D, m.state, d, m.path, action) or "Choose one"
end


local function card_place(aff, px, py, y, down)
  return {
    x = aff.ox + px * aff.xx + py * aff.yx,
    y = y,
    z = aff.oz + px * aff.xz + py * aff.yz,
    ry = aff.ry,
    down = down,
  }
end

-- Lists, not maps: the painter walks them in order (no pairs at every paint).
local function put(list, key, value)
  list[#list + 1] = { key, value }
end

-- A layout place at another height or face down (layout places themselves, { x, y, z, ry },
-- stand in the picture as they are: neither side changes them).
local function at(p, y, down)
  return { x = p.x, y = y or p.y, z = p.z, ry = p.ry, down = down }
end

local function guids(L, ids)
  local out = {}
  for k, id in ipairs(ids) do
    out[k] = L.planets[id].guid
  end
  return out
end

-- Where each ship, token, die and card lies, and which cards lie in piles.
local function place_pieces(ctx, state, out, piles)
  local L, D = ctx.layout, ctx.D
  local row_index = {}
  local cw, ch = L.card.w, L.card.h
  for k, id in ipairs(state.row) do
    row_index[id] = k
    local aff = L.row[k]
    put(out, L.planets[id].guid, card_place(aff, cw / 2, ch / 2, L.card.y, false))
  end
  -- Undealt planets stay in the planet deck and discards go on the discard pile: decks,
  -- never loose cards lying on each other (those can merge into a new deck in TTS).
  piles[#piles + 1] = { key = "planets", place = L.planet_pile, down = true,
    cards = guids(L, state.deck) }
  piles[#piles + 1] = { key = "discard", place = L.discard_pile, down = false,
    cards = guids(L, state.discard) }
  for i, p in ipairs(state.players) do
    local seat = ctx.seat_of[p.color]
    local spots = seat.colonies
    for k, id in ipairs(p.colonies) do
      if k < #spots or #p.colonies == #spots then
        put(out, L.planets[id].guid, spots[k])
      end
    end
    if #p.colonies > #spots then -- more than there are places: the last place holds a pile
      local rest = {}
      for k = #spots, #p.colonies do
        rest[#rest + 1] = p.colonies[k]
      end
      piles[#piles + 1] = { key = "colonies:" .. p.color, place = spots[#spots], down = false,
        cards = guids(L, rest) }
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
      put(out, seat.ships[s], where)
    end
    for _, r in ipairs(D.resources) do
      put(out, seat.tokens[r], seat.tracks[r][p[r] + 1])
    end
    put(out, seat.tokens.empire, seat.empire[p.empire])
    if state.phase == "over" and p.mission and L.missions[p.mission] then
      put(out, L.missions[p.mission], at(seat.mission, nil, false)) -- revealed
    end
  end
  -- Dice: ready in the bay, activated below it, spent and set on the converter, the rest aside.
  local dice = L.dice
  local rolled = #state.dice
  local spent = 0
  local n_next = rolled
  if rolled == 0 and state.phase ~= "over" then
    n_next = D.levels[state.players[S.active_seat(state)].empire].dice
  end
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
    elseif ctx.converted == i - 1 then
      where = dice.set
    else
      where = dice.bay[i]
    end
    put(out, dice.guids[i], where)
  end
end

-- The scoreboard: a table of cells (no monospace font is documented for XmlUI), one row per
-- player, and the final ranking under it.
V.BOARD_COLUMNS = { "color", "vp", "energy", "culture", "empire", "colonies" }

local function scoreboard(ctx, state, ui)
  local seats = #ctx.layout.seats
  for k = 1, seats do
    local p = state and state.players[k]
    put(ui, "board:" .. k, { active = p ~= nil })
    if p then
      for _, column in ipairs(V.BOARD_COLUMNS) do
        local v = column == "colonies" and #p.colonies or p[column]
        put(ui, "board:" .. k .. ":" .. column .. ":text", { text = tostring(v) })
      end
    end
  end
  local final = ""
  if state and state.phase == "over" then
    local places = {}
    for k, group in ipairs(state.ranking) do
      places[k] = k .. ". " .. table.concat(group, " = ")
    end
    final = "Final: " .. table.concat(places, "   ")
  end
  put(ui, "board:final:text", { text = final })
end

-- The status line everyone reads: whose decision the table waits for.
local function status(m, ctx)
  if m.dealing then
    local waiting = {}
    for _, color in ipairs(m.dealing.players) do
      if m.dealing.kept[color] == nil then
        waiting[#waiting + 1] = color
      end
    end
    local text = "Choosing secret missions: waiting for " .. table.concat(waiting, ", ")
    local absent = V.absent(m, ctx)
    if absent then
      text = text .. " (" .. absent .. " is not seated: the host can keep a mission for them, "
        .. "or remove them from the game)"
    end
    return text
  end
  local state = m.state
  if state == nil then
    return ctx.D.game.name .. ": sit at a seat with a mat, then the host presses Start"
  end
  if state.phase == "over" then
    local first = state.ranking[1]
    return "Game over: " .. table.concat(first, " and ") .. (#first > 1 and " share the win" or " wins")
  end
  local d = Model.decision(m)
  local text = "Round " .. state.round .. " - " .. state.active .. "'s turn"
  if m.rolling then
    text = text .. " - rolling the dice"
  elseif d then
    -- The question the decider is asked, as everyone reads it.
    if d.name == "type" and #state.follow == 0 then
      text = text .. " - " .. d.player .. " is choosing an action"
    else
      text = text .. " - " .. d.player .. " is asked: " .. V.prompt(m, ctx, d)
    end
    if ctx.seated[d.player] == nil then
      text = text .. " (" .. d.player .. " is not seated: the host can decide for them, or a "
        .. "player can take the " .. d.player .. " seat)"
    end
  end
  if state.final_round then
    local left = #state.players - S.active_seat(state) + 1
    text = text .. " - last round: " .. left .. (left == 1 and " turn" or " turns") .. " left"
  end
  return text
end

local HIDDEN = { active = false } -- shared: the painter only reads pictures

-- A versioned button's handler: onButton0 .. onButton7, by the table's version. A click
-- that crossed an update arrives at a handler the element no longer has, and is refused;
-- a plain onClick keeps TTS's mouse button in the value ("fn(arg)" would lose it).
V.HANDLERS = 8

function V.handler(m)
  return "onButton" .. (m.version % V.HANDLERS)
end

-- Element ids of each seat's panel, made once.
local IDS = {}

local function ids_of(color, slots)
  local entry = IDS[color]
  if entry == nil then
    local prefix = "seat:" .. color
    entry = { title = prefix .. ":title", back = prefix .. ":back", auto = prefix .. ":auto",
      panel = prefix, opt = {} }
    for k = 1, slots do
      entry.opt[k] = prefix .. ":opt:" .. k
    end
    IDS[color] = entry
  end
  return entry
end

-- How `count` options fill `slots` buttons on page `page`: when they do not fit, the last
-- slot turns the page. Returns the page shown (back to 1 past the last), the options per
-- page, the pages and whether the list pages.
function V.paging(count, page, slots)
  local paged = count > slots
  local per = paged and slots - 1 or slots
  local pages = math.max(1, math.ceil(count / per))
  if page > pages then
    page = 1
  end
  return page, per, pages, paged
end

-- What slot `k` of a panel on page `page` holds: an option's index, "more" (the page
-- turner) or nil.
function V.slot(count, page, slots, k)
  local shown, per, _, paged = V.paging(count, page, slots)
  if paged and k == slots then
    return "more"
  end
  local index = (shown - 1) * per + k
  if k <= per and index <= count then
    return index
  end
  return nil
end

-- What `color`'s panel shows: its title, its options ({ label = } each) and whether Back
-- is offered.
local function panel_content(m, ctx, color)
  local title, options, back = "", {}, false
  local d = m.state and Model.decision(m) or nil
  if m.dealing then
    if m.dealing.kept[color] == nil then
      title = "Keep one of the two secret missions in your hand (press Keep on the card, or here)"
      for k = 1, #m.dealing.offers[color] do
        options[k] = { label = "Keep the card marked " .. k }
      end
    else
      title = "You have kept your mission. Waiting for the others."
    end
  elseif m.state and m.state.phase == "over" then
    title = "The game is over: see the scoreboard."
  elseif d and d.player == color then
    if m.rolling then
      title = "Rolling the dice..."
    elseif m.confirm then
      title = "End your turn? A die could still be used."
      options = { { label = "End my turn" }, { label = "Keep playing" } }
    else
      title = V.prompt(m, ctx, d)
      local n = #m.labels
      -- The choices so far head the panel of the player who made them (a rival asked
      -- inside another's action reads the prompt alone).
      if n > 0 and d.name ~= d.player then
        title = m.labels[math.max(1, n - 1)] .. (n > 1 and (" > " .. m.labels[n]) or "") .. "\n" .. title
      end
      options = d.options
      back = Model.can_back(m)
    end
  elseif d then
    title = "Waiting for " .. d.player .. "."
  end
  return title, options, back
end

-- Fill the panel `ids` (a seat's, or the host's proxy panel) with `color`'s content.
local function fill_panel(m, ctx, color, ids, ui, heading)
  local slots = ctx.layout.option_slots
  local title, options, back = panel_content(m, ctx, color)
  put(ui, ids.title, { text = heading and (heading .. title) or title })
  local page, _, pages = V.paging(#options, ctx.page[color] or 1, slots)
  for k = 1, slots do
    local index = V.slot(#options, page, slots, k)
    local id = ids.opt[k]
    if index == "more" then
      put(ui, id, { text = "More options (" .. page .. "/" .. pages .. ")", active = true,
        onClick = V.handler(m) })
    elseif index then
      put(ui, id, { text = options[index].label, active = true, onClick = V.handler(m) })
    else
      put(ui, id, HIDDEN)
    end
  end
  put(ui, ids.back, back and { active = true, onClick = V.handler(m) } or HIDDEN)
end

local function seat_panel(m, ctx, color, ui)
  local ids = ids_of(color, ctx.layout.option_slots)
  fill_panel(m, ctx, color, ids, ui)
  put(ui, ids.auto, { text = "Pass automatically: " .. (ctx.auto[color] and "on" or "off") })
end

-- The colour the host may decide for: the one the table waits for, when not seated. While
-- missions are chosen, the first player still choosing who is not seated.
function V.absent(m, ctx)
  if m.dealing then
    for _, color in ipairs(m.dealing.players) do
      if m.dealing.kept[color] == nil and ctx.seated[color] == nil then
        return color
      end
    end
    return nil
  end
  local who = Model.decider(m)
  if who and ctx.seated[who] == nil and not m.rolling then
    return who
  end
  return nil
end

local PROXY = { title = "proxy:title", back = "proxy:back", opt = {} }

local function proxy_panel(m, ctx, ui, absent)
  put(ui, "proxy", { active = absent ~= nil })
  if absent == nil then
    return
  end
  local slots = ctx.layout.option_slots
  for k = 1, slots do
    PROXY.opt[k] = PROXY.opt[k] or ("proxy:opt:" .. k)
  end
  fill_panel(m, ctx, absent, PROXY, ui, "For " .. absent .. " (not seated):\n")
  local drop = m.dealing ~= nil
  put(ui, "proxy:drop", drop and { active = true, text = "Remove " .. absent .. " from the game",
    onClick = V.handler(m) } or HIDDEN)
end

-- The whole picture.
function V.picture(m, ctx)
  local ui, pieces, piles, faces, labels = {}, {}, {}, {}, {}
  local state = m.state
  local in_game = {}
  local players = m.dealing and m.dealing.players or (state and {}) or {}
  if state then
    for i, p in ipairs(state.players) do
      players[i] = p.color
    end
  end
  for _, color in ipairs(players) do
    in_game[color] = true
  end
  put(ui, "start", { active = state == nil and m.dealing == nil })
  put(ui, "status:text", { text = status(m, ctx) })
  if ctx.pieces then -- it shows the state, which a click that only extends a path keeps
    scoreboard(ctx, state, ui)
  end
  for _, seat in ipairs(ctx.layout.seats) do
    local color = seat.color
    put(ui, "seat:" .. color, { active = in_game[color] == true })
    if in_game[color] then
      seat_panel(m, ctx, color, ui)
    end
  end
  proxy_panel(m, ctx, ui, V.absent(m, ctx))
  local undo = m.record ~= nil and Model.why_no_undo(m) == nil and not m.rolling
  local over = state ~= nil and state.phase == "over"
  put(ui, "host:undo", { active = undo, onClick = V.handler(m) })
  put(ui, "host:new", { active = over, onClick = V.handler(m) })
  put(ui, "host", { active = undo or over }) -- no empty panel
  put(ui, "board", { active = state ~= nil })
  if state and ctx.pieces then -- pieces move only when the state changes
    place_pieces(ctx, state, pieces, piles)
    -- Dice not rolled this turn show the first face, so a load or an undo leaves the table
    -- looking as it did.
    local guids = ctx.layout.dice.guids
    for i = 1, #guids do
      local d6 = state.dice[i]
      put(faces, guids[i], d6 and d6.face or ctx.D.face_ids[1])
    end
    for _, p in ipairs(state.players) do
      put(labels, ctx.seat_of[p.color].mat, p.color .. ": " .. p.vp .. " VP"
        .. (state.phase == "over" and " (final)" or ""))
    end
  end
  return { ui = ui, pieces = pieces, piles = piles, faces = faces, labels = labels }
end

return V
