-- Go Fish rules engine (docs/gofish-rules.md): new game, a decision in steps, view.
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
  local function ranks(r) return Count.word(G.units, 2, "rank_" .. r) end
  -- the items of `t` `keep` keeps, as a new JSON array
  local function only(t, keep)
    local out = array({})
    for _, x in ipairs(t) do
      if keep(x) then out[#out + 1] = x end
    end
    return out
  end
  -- the ranks, in order, in `t` or `r` (a player's known or lacks)
  local function with(t, r)
    local has = { [r] = true }
    for _, x in ipairs(t) do has[x] = true end
    return only(G.ranks, function(k) return has[k] end)
  end

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
      out.last = {}
      for k, v in pairs(last) do out.last[k] = v end
      out.last.drew = NULL
    end
    return out
  end

  local function take(p, cards)
    for _, c in ipairs(cards) do p.hand[#p.hand + 1] = c end
    table.sort(p.hand, function(a, b) return place[a] < place[b] end)
  end

  -- Lay down every rank `p` holds whole (one card of each suit); the ranks laid.
  local function books(p)
    local n, laid = {}, {}
    for _, c in ipairs(p.hand) do n[rank(c)] = (n[rank(c)] or 0) + 1 end
    local made = only(G.ranks, function(r) return n[r] == #G.suits end)
    for _, r in ipairs(made) do
      laid[r] = true
      p.books[#p.books + 1] = r
    end
    p.hand = only(p.hand, function(c) return not laid[rank(c)] end)
    return made, laid
  end

  -- Empty hands draw, then whose turn it is (the game ends with every book made).
  local function settle(s, me, again)
    local n, at, made, most = #s.players, 1, 0, 0
    for i, p in ipairs(s.players) do
      if p.color == me then at = i end
      made, most = made + #p.books, math.max(most, #p.books)
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
      s.winner = only(s.players, function(p) return #p.books == most end)
      for i, p in ipairs(s.winner) do s.winner[i] = p.color end
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
      for i, p in ipairs(s.players) do -- one at a time, clockwise
        local cards = {}
        for j = i, n * k, k do cards[#cards + 1] = order[j] end
        take(p, cards)
        books(p)
      end
      s.stock, s.phase = array({ unpack(order, n * k + 1) }), "ask"
      settle(s, me, true)
      return { type = "deal", player = me, deck = order }
    end
    local options, seen = {}, {}
    for _, c in ipairs(by[me].hand) do
      if not seen[rank(c)] then
        seen[rank(c)] = true
        options[#options + 1] = Steps.opt(rank(c), ranks(rank(c)))
      end
    end
    local r = Steps.ask(src, "rank", me, options, nil, function(a)
      return G.units["rank_" .. tostring(a)] and tr("you hold no {rank}", { rank = ranks(a) })
    end)
    options = {}
    for _, p in ipairs(s.players) do
      if p.color ~= me and #p.hand > 0 then
        options[#options + 1] = Steps.opt(p.color, tr("{player} ({cards})", { player = p.color,
          cards = Count.of(G.units, #p.hand, "cards") }))
      end
    end
    local target = Steps.ask(src, "whom", me, options)
    local given, kept = array({}), array({})
    for _, c in ipairs(by[target].hand) do
      local into = rank(c) == r and given or kept
      into[#into + 1] = c
    end
    by[target].hand = kept
    local drew = #given == 0 and #s.stock > 0 and table.remove(s.stock, 1) or NULL
    local lucky = drew ~= NULL and rank(drew) == r
    take(by[me], drew == NULL and given or { drew })
    local made, laid = books(by[me])
    s.last = { by = me, target = target, rank = r, got = #given, drew = drew, lucky = lucky,
      books = made, refilled = array({}) }
    by[target].known = only(by[target].known, function(k) return k ~= r end)
    by[me].known = only(with(by[me].known, r), function(k) return not laid[k] end)
    -- public too: the player asked holds none of the rank now; a draw may change anything
    by[target].lacks = with(by[target].lacks, r)
    by[me].lacks = only(drew == NULL and by[me].lacks or {}, function(k) return k ~= r end)
    settle(s, me, #given > 0 or lucky)
    return { type = "ask", player = me, rank = r, target = target }
  end

  local function answers_of(s, action)
    local want = s.phase == "deal" and "deal" or "ask"
    if action.type ~= want then
      return nil, "it is the " .. s.phase .. " phase: expected " .. want
    elseif action.player ~= s.active then
      return nil, "it is " .. tostring(s.active) .. "'s turn, not " .. action.player .. "'s"
    elseif want == "deal" and type(action.deck) == "table" then
      return { Steps.order_of(deck, action.deck) }
    elseif want == "ask" and action.rank ~= nil and action.target ~= nil then
      return { action.rank, action.target }
    end
    return nil, "a '" .. want .. "' action is missing a field"
  end

  Steps.verbs(E, resolve, answers_of, clone)
  return E
end

return Engine
