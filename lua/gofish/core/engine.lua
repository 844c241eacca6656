-- Go Fish rules engine (docs/gofish-rules.md): new game, a decision in steps, apply, view.
--
-- Written from the rules doc on its own: the Python engine is checked against this one. Pure:
-- no TTS calls, no randomness (the shuffle is a chance decision the table answers). The verbs
-- apply, choices, advance, trace, is_over and to_act come from the stepwise base (lib.steps).

local Count = require("lib.count")
local tr = require("lib.tr")
local json = require("lib.json")
local Steps = require("lib.steps")
local Setup = require("lib.setup")

local NULL, array = json.null, json.array

local Engine = {}

function Engine.new(D)
  local G = D.game
  local E, deck, place = {}, {}, {}
  for _, r in ipairs(G.ranks) do
    for _, s in ipairs(G.suits) do
      deck[#deck + 1] = r .. s
      place[r .. s] = #deck
    end
  end

  local function rank(card) return string.sub(card, 1, -2) end
  local function list(t) return array({ unpack(t) }) end

  local function clone(s)
    local players = {}
    for i, p in ipairs(s.players) do
      players[i] = { color = p.color, hand = list(p.hand), books = list(p.books),
        known = list(p.known), lacks = list(p.lacks) }
    end
    return { game = s.game, round = s.round, phase = s.phase, active = s.active, last = s.last,
      stock = list(s.stock), winner = list(s.winner), players = players }
  end

  -- A card in words: "queen of hearts".
  function E.card_name(card)
    return tr("{rank} of {suit}", { rank = Count.word(G.units, 1, "rank_" .. rank(card)),
      suit = Count.word(G.units, 2, "suit_" .. string.sub(card, -1)) })
  end

  function E.new_game(setup)
    local players, colors = Setup.players(setup, G, function(c)
      return { color = c, hand = array({}), books = array({}), known = array({}),
        lacks = array({}) }
    end)
    if players == nil then return nil, colors end
    return { game = "gofish", round = 1, phase = "deal", active = colors[1], stock = array({}),
      last = NULL, winner = array({}), players = players }
  end

  -- What `color` may know: its own hand; other hands and the stock face down (null).
  function E.view(s, color)
    local out = clone(s)
    for i = 1, #out.stock do out.stock[i] = NULL end
    for _, p in ipairs(out.players) do
      if p.color ~= color then
        for i = 1, #p.hand do p.hand[i] = NULL end
      end
    end
    local last = s.last
    if last ~= NULL and last.drew ~= NULL and last.by ~= color and not last.lucky then
      out.last = { by = last.by, target = last.target, rank = last.rank, got = last.got,
        drew = NULL, lucky = last.lucky, books = last.books, refilled = last.refilled }
    end
    return out
  end

  local function take(p, cards)
    for _, c in ipairs(cards) do p.hand[#p.hand + 1] = c end
    table.sort(p.hand, function(a, b) return place[a] < place[b] end)
  end

  -- Lay down every rank `p` holds whole; the ranks laid.
  local function books(p)
    local n, made, laid, keep = {}, array({}), {}, array({})
    for _, c in ipairs(p.hand) do n[rank(c)] = (n[rank(c)] or 0) + 1 end
    for _, r in ipairs(G.ranks) do
      if n[r] == G.book then
        made[#made + 1], laid[r] = r, true
        p.books[#p.books + 1] = r
      end
    end
    for _, c in ipairs(p.hand) do
      if not laid[rank(c)] then keep[#keep + 1] = c end
    end
    p.hand = keep
    return made
  end

  -- Empty hands draw, then whose turn it is (the game ends with every book made).
  local function settle(s, me, again)
    local n, at, made = #s.players, 1, 0
    for i, p in ipairs(s.players) do
      if p.color == me then at = i end
      made = made + #p.books
    end
    for k = 0, n - 1 do
      local p = s.players[(at + k - 1) % n + 1]
      if #p.hand == 0 and #s.stock > 0 then
        take(p, { table.remove(s.stock, 1) })
        p.lacks = array({})
        if s.last ~= NULL then s.last.refilled[#s.last.refilled + 1] = p.color end
      end
    end
    if made == #G.ranks then
      local most = 0
      for _, p in ipairs(s.players) do most = math.max(most, #p.books) end
      for _, p in ipairs(s.players) do
        if #p.books == most then s.winner[#s.winner + 1] = p.color end
      end
      s.phase, s.active = "over", NULL
      return
    end
    for k = again and 0 or 1, n do
      local i = (at + k - 1) % n + 1
      if #s.players[i].hand > 0 then
        if i <= at and k > 0 and k < n then s.round = s.round + 1 end
        s.active = s.players[i].color
        return
      end
    end
  end

  local function resolve(s, src)
    if s.phase == "over" then Steps.refuse(src, tr("the game is over")) end
    local me, by = s.active, {}
    for _, p in ipairs(s.players) do by[p.color] = p end
    if s.phase == "deal" then
      local order = Steps.shuffle(src, "shuffle", deck, me)
      local k = #s.players
      local n = G.hand[tostring(k)]
      for i, p in ipairs(s.players) do
        local cards = {}
        for j = i, n * k, k do cards[#cards + 1] = order[j] end
        take(p, cards)
        books(p)
      end
      s.stock, s.phase = array({ unpack(order, n * k + 1) }), "ask"
      settle(s, me, true)
      return { type = "deal", player = me, deck = order }
    end
    local ranks, seen = {}, {}
    for _, c in ipairs(by[me].hand) do
      local r = rank(c)
      if not seen[r] then
        seen[r] = true
        ranks[#ranks + 1] = Steps.opt(r, Count.word(G.units, 2, "rank_" .. r))
      end
    end
    local r = Steps.ask(src, "rank", me, ranks, nil, function(a)
      if not G.units["rank_" .. tostring(a)] then return nil end
      return tr("you hold no {rank}", { rank = Count.word(G.units, 2, "rank_" .. a) })
    end)
    local others = {}
    for _, p in ipairs(s.players) do
      if p.color ~= me and #p.hand > 0 then others[#others + 1] = Steps.opt(p.color, p.color) end
    end
    local target = Steps.ask(src, "whom", me, others)
    local given, kept = {}, array({})
    for _, c in ipairs(by[target].hand) do
      if rank(c) == r then given[#given + 1] = c else kept[#kept + 1] = c end
    end
    by[target].hand = kept
    local drew = NULL
    if #given == 0 and #s.stock > 0 then
      drew = table.remove(s.stock, 1)
      given[1] = drew
    end
    local lucky = drew ~= NULL and rank(drew) == r
    take(by[me], given)
    local made = books(by[me])
    s.last = { by = me, target = target, rank = r, got = drew == NULL and #given or 0,
      drew = drew, lucky = lucky, books = made, refilled = array({}) }
    local was, known = {}, array({})
    for _, k in ipairs(by[target].known) do
      if k ~= r then known[#known + 1] = k end
    end
    by[target].known = known
    for _, k in ipairs(by[me].known) do was[k] = true end
    for _, k in ipairs(made) do was[k] = "laid" end
    known = array({})
    for _, k in ipairs(G.ranks) do
      if was[k] ~= "laid" and (k == r or was[k]) then known[#known + 1] = k end
    end
    by[me].known = known
    -- public too: the player asked holds none of the rank now; a draw may change anything
    local lacks = array({})
    for _, k in ipairs(G.ranks) do
      local had = false
      for _, x in ipairs(by[target].lacks) do had = had or x == k end
      if k == r or had then lacks[#lacks + 1] = k end
    end
    by[target].lacks = lacks
    lacks = array({})
    for _, k in ipairs(drew == NULL and by[me].lacks or {}) do
      if k ~= r then lacks[#lacks + 1] = k end
    end
    by[me].lacks = lacks
    settle(s, me, (drew == NULL and #given > 0) or lucky)
    return { type = "ask", player = me, rank = r, target = target }
  end

  local function answers_of(s, action)
    local want = s.phase == "deal" and "deal" or "ask"
    if action.type ~= want then
      return nil, "it is the " .. s.phase .. " phase: expected " .. want
    end
    if action.player ~= s.active then
      return nil, "it is " .. tostring(s.active) .. "'s turn, not " .. action.player .. "'s"
    end
    if want == "deal" then
      if type(action.deck) ~= "table" then return nil, "a 'deal' action is missing a field" end
      return { Steps.order_of(deck, action.deck) }
    end
    if action.rank == nil or action.target == nil then
      return nil, "a 'ask' action is missing a field"
    end
    return { action.rank, action.target }
  end

  Steps.verbs(E, resolve, answers_of, clone)
  return E
end

return Engine
