-- Liar's Dice rules engine (docs/liars-rules.md): new game, a decision in steps, apply, view.
--
-- Written from the rules doc on its own: the Python engine is checked against this one, not
-- copied into it. Pure: no TTS calls, no globals, no randomness (the dice are a chance
-- decision the table answers). The verbs apply, choices, advance and trace come from the
-- stepwise base (lib.steps) over `resolve` and `answers_of`.
--
--   local game = require("liars.core.engine").new(require("liars.data"))

local Count = require("lib.count")
local tr = require("lib.tr")
local json = require("lib.json")
local Steps = require("lib.steps")
local Setup = require("lib.setup")

local NULL, array = json.null, json.array
local CALLS = { liar = "Liar!", spot = "Spot on!" }

local Engine = {}

-- A bid in words, from the card data's unit words: "1 three", "7 fives", "2 sixes".
function Engine.dice_text(units, n, face)
  return tr("{n} {faces}", { n = n, faces = Count.word(units, n, "face" .. face) })
end

function Engine.new(D)
  local G = D.game
  local E = {}
  local function dice_text(n, face)
    return Engine.dice_text(G.units, n, face)
  end

  local function copy_players(s)
    local out = {}
    for i, p in ipairs(s.players) do
      out[i] = { color = p.color, dice = p.dice, faces = array({ unpack(p.faces) }) }
    end
    return out
  end

  local function clone(s)
    return { game = s.game, round = s.round, phase = s.phase, active = s.active, bid = s.bid,
      last = s.last, winner = s.winner, players = copy_players(s) }
  end

  function E.new_game(setup)
    local players, colors = Setup.players(setup, G, function(c)
      return { color = c, dice = G.dice, faces = array({}) }
    end)
    if players == nil then return nil, colors end
    return { game = "liars", round = 1, phase = "roll", active = colors[1], bid = NULL,
      last = NULL, winner = NULL, players = players }
  end

  -- What `color` may know: its own dice; everybody else's faces hidden (null).
  function E.view(s, color)
    local out = clone(s)
    for _, p in ipairs(out.players) do
      if p.color ~= color then
        for k = 1, #p.faces do p.faces[k] = NULL end
      end
    end
    return out
  end

  local function total(s)
    local n = 0
    for _, p in ipairs(s.players) do n = n + p.dice end
    return n
  end

  local function count(s, face)
    local wild, n = G.ones_wild and face ~= 1, 0
    for _, p in ipairs(s.players) do
      for _, f in ipairs(p.faces) do
        if f == face or (wild and f == 1) then n = n + 1 end
      end
    end
    return n
  end

  -- True when q dice (of face f, or of some face) raise the bid on the table.
  local function raises(s, q, f)
    local top = f or G.faces
    if q < 1 or q > total(s) or top < 1 or top > G.faces then return false end
    local bid = s.bid
    return bid == NULL or q > bid.quantity or (q == bid.quantity and top > bid.face)
  end

  -- The rule an answer breaks, with its numbers (nil: it is simply not an option).
  local function why_not(s, q, f)
    local bid = s.bid
    if CALLS[q] then
      return bid == NULL and tr("nobody has bid yet this round") or nil
    end
    if not tostring(q):match("^%d+$") or (f ~= nil and not tostring(f):match("^%d+$")) then
      return nil
    end
    if tonumber(q) > total(s) then
      return tr("a bid of {dice}: there are {total} on the table",
        { dice = Count.of(G.units, tonumber(q), "dice"), total = total(s) })
    end
    if bid ~= NULL then
      return tr("a bid must raise {bid}: more dice, or as many of a higher face",
        { bid = dice_text(bid.quantity, bid.face) })
    end
    return nil
  end

  -- The next player clockwise after `color` who still has dice.
  local function next_in(s, color)
    local n, at = #s.players, 1
    for i, p in ipairs(s.players) do
      if p.color == color then at = i end
    end
    for k = 1, n do
      local p = s.players[(at + k - 1) % n + 1]
      if p.dice > 0 then return p.color end
    end
    return color
  end

  local function call(s, me, kind)
    local bid = s.bid
    local n = count(s, bid.face)
    local losers = array({})
    if kind == "liar" then
      losers[1] = n >= bid.quantity and me or bid.player
    elseif n == bid.quantity then
      for _, p in ipairs(s.players) do
        if p.color ~= me and p.dice > 0 then losers[#losers + 1] = p.color end
      end
    else
      losers[1] = me
    end
    local shown, lost = json.object({}), {}
    for _, c in ipairs(losers) do lost[c] = true end
    for _, p in ipairs(s.players) do
      if #p.faces > 0 then shown[p.color] = p.faces end
      p.faces = array({})
      if lost[p.color] then p.dice = p.dice - 1 end
    end
    s.last = { call = kind, by = me, bid = bid, count = n, losers = losers, faces = shown }
    s.bid = NULL
    local alive = {}
    for _, p in ipairs(s.players) do
      if p.dice > 0 then alive[#alive + 1] = p.color end
    end
    if #alive == 1 then
      s.phase, s.active, s.winner = "over", NULL, alive[1]
      return
    end
    local starter = (kind == "spot" and not lost[me]) and me or losers[1]
    s.phase, s.round = "roll", s.round + 1
    s.active = starter
    local found = false
    for _, c in ipairs(alive) do found = found or c == starter end
    if not found then s.active = next_in(s, starter) end
  end

  local function resolve(s, src)
    if s.phase == "over" then Steps.refuse(src, tr("the game is over")) end
    local me = s.active
    if s.phase == "roll" then
      local faces = Steps.roll(src, "roll", total(s), G.faces, me)
      local at = 0
      for _, p in ipairs(s.players) do
        p.faces = array({ unpack(faces, at + 1, at + p.dice) })
        at = at + p.dice
      end
      s.phase = "bid"
      return { type = "roll", player = me, faces = faces }
    end
    local options = {} -- a call first: the answer a raise most often leaves
    if s.bid ~= NULL then
      options[#options + 1] = Steps.opt("liar", CALLS.liar)
      if G.spot_on then options[#options + 1] = Steps.opt("spot", CALLS.spot) end
    end
    for q = 1, total(s) do
      if raises(s, q) then options[#options + 1] = Steps.opt(tostring(q), tostring(q)) end
    end
    local first = Steps.ask(src, "bid", me, options, nil, function(a) return why_not(s, a) end)
    if CALLS[first] then
      call(s, me, first)
      return { type = first, player = me }
    end
    local q = tonumber(first)
    local faces = {}
    for f = 1, G.faces do
      if raises(s, q, f) then faces[#faces + 1] = Steps.opt(tostring(f), dice_text(q, f)) end
    end
    local f = tonumber(Steps.ask(src, "face", me, faces, nil,
      function(a) return why_not(s, first, a) end))
    s.bid = { player = me, quantity = q, face = f }
    s.active = next_in(s, me)
    return { type = "bid", player = me, quantity = q, face = f }
  end

  local function answers_of(s, action)
    local kind = action.type
    if s.phase == "roll" and kind ~= "roll" then
      return nil, "it is the roll phase: expected roll"
    elseif s.phase ~= "roll" and kind ~= "bid" and not CALLS[kind] then
      return nil, "it is the " .. s.phase .. " phase: expected bid or liar or spot"
    end
    if action.player ~= s.active then
      return nil, "it is " .. tostring(s.active) .. "'s turn, not " .. action.player .. "'s"
    end
    local missing = "a '" .. kind .. "' action is missing a field"
    if kind == "roll" then
      if type(action.faces) ~= "table" then return nil, missing end
      local parts = {}
      for i, f in ipairs(action.faces) do parts[i] = tostring(f) end
      return { "faces:" .. table.concat(parts, ",") }
    elseif kind == "bid" then
      if action.quantity == nil or action.face == nil then return nil, missing end
      return { tostring(action.quantity), tostring(action.face) }
    end
    return { kind }
  end

  Steps.verbs(E, resolve, answers_of, clone)
  return E
end

return Engine
