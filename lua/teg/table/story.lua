-- Pure: Tiny Epic Galaxies' game log, as results (the table framework's words.entries): who
-- did what and what it changed, every number a change with its sign and every total marked
-- as one ("Green upgrades the empire to level 2 (Utilize Colony): -2 energy (now 1), +1 VP
-- (now 2 VP)."); an action that changed nothing says why; the passes of a follow window in
-- one line when it closes; a planet dealt into the row; the end when it is triggered; and at
-- the end each mission with what earned it, the score by category and who won, and why.
--
-- Everything is read from the states around the action (nothing secret is in them until
-- the end: the missions are revealed there) and from the action itself.

local Count = require("lib.count")
local fill = require("lib.fill")
local json = require("lib.json")
local tr = require("lib.tr")
local S = require("teg.core.state")

local NULL = json.null
local Story = {}

-- "3 VP", "2 energy"; signed: "+2 energy", "-1 culture", "+0 VP" (game.yaml `units`).
local function count(D, n, unit)
  return Count.of(D.game.units, n, unit)
end

local function signed(D, n, unit)
  return Count.signed(D.game.units, n, unit)
end

-- A unit's word as a measure is said ("energy", "diplomacy planets" say "diplomacy").
local function word(D, unit)
  return Count.word(D.game.units, 2, unit)
end

local function pname(D, id)
  local p = D.planet[id]
  return p and p.name or tostring(id)
end

local function fname(D, f)
  local x = D.face[f]
  return x and x.name or tostring(f)
end

local function player(state, color)
  for i, p in ipairs(state.players) do
    if p.color == color then
      return p, i
    end
  end
  return nil
end

local function list(words)
  if #words <= 1 then
    return words[1] or ""
  end
  return table.concat(words, tr(", "), 1, #words - 1) .. tr(" and ") .. words[#words]
end

-- Phrases joined as a clause's parts: "+2 energy (now 4), +1 VP (now 3 VP)".
local function join(bits)
  return table.concat(bits, tr(", "))
end

local function same_place(a, b)
  return a.at == b.at and a.planet == b.planet and a.step == b.step
end

-- One ship's move, in words ("ship 2 goes home").
local function ship_move(D, s, was, now)
  if now.at == "home" then
    return was.at == "locked" and tr("ship {n} is unlocked (home)", { n = s })
      or tr("ship {n} goes home", { n = s })
  elseif now.at == "surface" then
    return tr("ship {n} lands on {planet}", { n = s, planet = pname(D, now.planet) })
  elseif now.at == "orbit" and was.at == "orbit" and was.planet == now.planet then
    local where = { n = s, step = now.step, planet = pname(D, now.planet) }
    return now.step > was.step and tr("ship {n} advances to step {step} on {planet}", where)
      or tr("ship {n} moves back to step {step} on {planet}", where)
  elseif now.at == "orbit" then
    return tr("ship {n} enters orbit around {planet}", { n = s, planet = pname(D, now.planet) })
  end
  return tr("ship {n} is locked", { n = s })
end

-- A change and the total it leaves: "+2 energy (now 4)", "+1 VP (now 3 VP)".
local function change(amount, total, most)
  return most and tr("{amount} (now {total}, the most)", { amount = amount, total = total })
    or tr("{amount} (now {total})", { amount = amount, total = total })
end

-- What changed for one player between `q` and `p` (before and after), as phrases; `skip`
-- leaves out what the action's own words already say (a ship, the empire, a colony).
function Story.changes(D, q, p, skip)
  skip = skip or {}
  local bits = {}
  for _, r in ipairs(D.resources) do
    local dv = p[r] - q[r]
    if dv ~= 0 then
      bits[#bits + 1] = change(signed(D, dv, r), p[r], p[r] == D.cap and dv > 0)
    end
  end
  if p.empire ~= q.empire and not skip.empire then
    bits[#bits + 1] = tr("empire to level {level}", { level = p.empire })
  end
  for k = #q.colonies + 1, #p.colonies do
    if p.colonies[k] ~= skip.colony then
      bits[#bits + 1] = tr("colonizes {planet}", { planet = pname(D, p.colonies[k]) })
    end
  end
  for s, ship in ipairs(p.ships) do
    local was = q.ships[s]
    if was and not same_place(was, ship) and s ~= skip.ship then
      bits[#bits + 1] = ship_move(D, s, was, ship)
    end
  end
  if p.vp ~= q.vp then
    bits[#bits + 1] = change(signed(D, p.vp - q.vp, "vp"), count(D, p.vp, "vp"))
  end
  return bits
end

-- A planet's action that borrows another's (Umbra-Forum, Walsfeo, Sargus-36): whose.
local function borrowed(D, ability)
  if type(ability) ~= "table" or type(ability.ability) ~= "table" then
    return ""
  end
  if type(ability.planet) == "string" and D.planet[ability.planet] then
    return tr(", borrowing {planet}'s action", { planet = pname(D, ability.planet) })
  elseif type(ability.colony) == "string" and type(ability.player) == "string" then
    return tr(", borrowing the action of {player}'s {planet}",
      { player = ability.player, planet = pname(D, ability.colony) })
  end
  return ""
end

-- The words of a die face's use by a player (an activation or a follow): what they did, and
-- what the changes need not repeat.
local function use_words(D, face, use, q, p)
  local kind = D.face[face] and D.face[face].action
  if kind == "move" then
    local s = (tonumber(use.ship) or 0) + 1
    local text
    if use.to == "home" then
      text = tr("sends ship {n} home", { n = s })
    elseif use.mode == "land" then
      text = tr("lands ship {n} on {planet}", { n = s, planet = pname(D, use.to) })
    else
      text = tr("moves ship {n} into orbit around {planet}", { n = s, planet = pname(D, use.to) })
    end
    if type(use.ability) == "table" then
      text = tr("{did} and uses its action", { did = text }) .. borrowed(D, use.ability)
    end
    return text, { ship = s }
  elseif kind == "acquire" then
    local r = D.face[face].resource
    return tr("acquires {resource}", { resource = word(D, r) }), {}, r
  elseif kind == "advance" then
    local planet = use.planet
    local ship = nil
    for s, x in ipairs(q.ships) do
      if x.at == "orbit" and x.planet == planet then
        ship = s
      end
    end
    for _, c in ipairs(p.colonies) do
      if c == planet then
        local was = false
        for _, old in ipairs(q.colonies) do
          was = was or old == planet
        end
        if not was then
          return tr("colonizes {planet}", { planet = pname(D, planet) }),
            { colony = planet, ship = ship }
        end
      end
    end
    local now = ship and p.ships[ship]
    if now and now.at == "orbit" then
      return tr("advances on {planet} to step {step} of {steps}", { planet = pname(D, planet),
        step = now.step, steps = D.planet[planet].steps }), { ship = ship }
    end
    return tr("advances on {planet}", { planet = pname(D, planet) }), {}
  elseif kind == "utilize" then
    if use.colony == "empire" then
      return tr("upgrades the empire to level {level}", { level = p.empire }), { empire = true }
    end
    return tr("uses the action of {planet}, a colony", { planet = pname(D, use.colony) })
      .. borrowed(D, use.ability), {}
  end
  return tr("uses {face}", { face = fname(D, face) }), {}
end

-- Why an acquire gained nothing.
local function why_none(D, r, q)
  if q[r] >= D.cap then
    return tr("none gained, already at {cap}, the most", { cap = D.cap })
  end
  if r == "energy" then
    return tr("none gained: no ship home or at an energy planet")
  end
  return tr("none gained: no ship at a {resource} planet", { resource = word(D, r) })
end

-- The planets whose actions an activation or a follow used, outermost first, each with the
-- choices made for it: { planet =, ability = } (a colony's, a landed-on planet's, and those
-- it led to: Sargus-36 a rival's colony, Gort an orbited planet's, Piedes a die's use,
-- Nagato's moves each a landing).
local function chain(D, a)
  local out = {}
  local function walk(planet, ability, depth)
    if type(planet) ~= "string" or D.planet[planet] == nil or depth > 4 then
      return
    end
    ability = type(ability) == "table" and ability or {}
    out[#out + 1] = { planet = planet, ability = ability }
    local use = ability.use
    if type(use) == "table" then
      walk(use.colony or (type(use.ability) == "table" and use.to or nil), use.ability, depth + 1)
    end
    -- a planet or colony whose action this one borrowed (Umbra-Forum, Walsfeo, Sargus-36), not
    -- the planet Helios discarded
    if type(ability.ability) == "table" then
      walk(ability.colony or ability.planet, ability.ability, depth + 1)
    end
    if type(ability.moves) == "table" then
      for _, move in ipairs(ability.moves) do
        if type(move) == "table" and type(move.ability) == "table" then
          walk(move.to, move.ability, depth + 1)
        end
      end
    end
  end
  walk(a.colony or (type(a.ability) == "table" and a.to or nil), a.ability, 1)
  return out
end

-- A partial amount in words: "+1 culture", "2 culture" (signed or not), in the resources' order.
local function amount_words(D, amounts, sign)
  local bits = {}
  for _, r in ipairs(D.resources) do
    local n = amounts and amounts[r] or 0
    if n ~= 0 then
      bits[#bits + 1] = sign and signed(D, n, r) or count(D, n, r)
    end
  end
  return join(bits)
end

-- What the planets an action used did that no player's numbers show (dice rerolled or set, a
-- planet discarded, a bonus or a tax until the turn ends), as phrases told before the changes.
local function effects(D, a, before, after, who, q)
  local out = {}
  for _, step in ipairs(chain(D, a)) do
    local ability, choice = D.planet[step.planet].ability or {}, step.ability
    local effect = ability.effect
    if (effect == "reroll" or effect == "set_face") and type(choice.dice) == "table" then
      local was, got = {}, {}
      for k, i in ipairs(choice.dice) do
        local b, d = before.dice[i + 1], after.dice[i + 1]
        if b and d then
          was[k], got[k] = fname(D, b.face), fname(D, d.face)
        end
      end
      out[#out + 1] = effect == "reroll"
        and tr("rerolls {was} and gets {got}", { was = list(was), got = list(got) })
        or tr("turns a die showing {was} into {face}", { was = list(was), face = list(got) })
    elseif effect == "discard_planet" and type(choice.planet) == "string" then
      local dealt = nil
      for _, id in ipairs(after.row) do
        local new = true
        for _, old in ipairs(before.row) do
          new = new and old ~= id
        end
        dealt = new and id or dealt
      end
      out[#out + 1] = dealt
        and tr("discards {planet} from the row, and {new} is dealt",
          { planet = pname(D, choice.planet), new = pname(D, dealt) })
        or tr("discards {planet} from the row (the deck is empty)",
          { planet = pname(D, choice.planet) })
    elseif effect == "follow_bonus" then
      out[#out + 1] = tr("until the turn ends, {player} gets {gain} for each rival who follows",
        { gain = amount_words(D, ability.gain), player = who })
    elseif effect == "gain" or effect == "advance" or effect == "regress" then
      -- an action that changed nothing says why (a full store, no ship it could move)
      local changed = false
      for k, p in ipairs(after.players) do -- (the actor's from `q`: what a follow paid apart)
        changed = changed or #Story.changes(D, p.color == who and q or before.players[k], p) > 0
      end
      if not changed then
        out[#out + 1] = effect == "gain" and tr("none gained, already at {cap}, the most",
          { cap = D.cap }) or effect == "advance" and tr("no ship of {player}'s could advance",
          { player = who }) or tr("no rival ship could be pushed back")
      end
    elseif effect == "follow_tax" then
      out[#out + 1] = tr("until the turn ends, following {player} costs {cost}",
        { player = who, cost = amount_words(D, ability.follow_cost) })
    end
  end
  return out
end

-- Why another player's numbers changed in `who`'s action (colour -> words), read from the
-- planets the action used: a rival paid for the use of their colony (Sargus-36), a rival
-- robbed (La-Torres, CLJ-0517), every rival's gain (JAC-110912); and, for a follow, the
-- leader's bonus from a colony of theirs (Birkomius, Bisschop).
local function causes(D, before, after, a, who)
  local out = {}
  for _, step in ipairs(chain(D, a)) do
    local ability = D.planet[step.planet].ability or {}
    local effect, name = ability.effect, pname(D, step.planet)
    if effect == "use_colony" and type(step.ability.player) == "string" then
      out[step.ability.player] = tr("paid by {player} for the use of {planet}",
        { player = who, planet = pname(D, step.ability.colony) })
    elseif effect == "steal" then
      local target = step.ability.player
      for _, p in ipairs(before.players) do
        if p.color ~= who and (target == nil or target == p.color) then
          out[p.color] = out[p.color]
            or tr("taken by {player} ({planet})", { player = who, planet = name })
        end
      end
    elseif ability.others_gain then
      for _, p in ipairs(before.players) do
        if p.color ~= who then
          out[p.color] = out[p.color] or tr("from {planet}: every rival gains", { planet = name })
        end
      end
    end
  end
  if a.type == "follow" then
    local leader = before.active
    local names = {}
    for _, p in ipairs(after.players) do
      if p.color == leader then
        for _, c in ipairs(p.colonies) do
          local ability = D.planet[c] and D.planet[c].ability or {}
          if ability.effect == "follow_bonus" then
            names[#names + 1] = pname(D, c)
          end
        end
      end
    end
    out[leader] = out[leader] or (#names > 0
      and tr("for being followed ({planets})", { planets = table.concat(names, tr(", ")) })
      or tr("for being followed"))
  end
  return out
end

-- The action's line: its words, the actor's changes, then every other player's with why.
-- `paid`: what the actor paid to follow, said apart from what the action then did (a follow
-- paid in culture that gains culture back changed nothing on the whole).
local function results(D, a, before, after, who, text, skip, acquired, paid)
  local q, i = player(before, who)
  local p = after.players[i]
  local bits = {}
  if paid then
    local spent = {}
    for k, v in pairs(q) do
      spent[k] = v
    end
    for _, r in ipairs(D.resources) do
      if (paid[r] or 0) > 0 then
        spent[r] = q[r] - paid[r]
        -- each amount with the total it leaves, the action's own change to it told after
        bits[#bits + 1] = tr("{amount} to follow (now {total})",
          { amount = signed(D, -paid[r], r), total = spent[r] })
      end
    end
    q = spent
  end
  for _, bit in ipairs(effects(D, a, before, after, who, q)) do
    bits[#bits + 1] = bit
  end
  local told = #bits
  for _, bit in ipairs(Story.changes(D, q, p, skip)) do
    bits[#bits + 1] = bit
  end
  if acquired and p[acquired] == q[acquired] then
    table.insert(bits, told + 1, why_none(D, acquired, q))
  end
  local line = #bits > 0 and tr("{player} {did}: {changes}",
    { player = who, did = text, changes = join(bits) })
    or tr("{player} {did}", { player = who, did = text })
  local why = nil
  for k, other in ipairs(after.players) do
    if k ~= i then
      local theirs = Story.changes(D, before.players[k], other)
      if #theirs > 0 then
        why = why or causes(D, before, after, a, who)
        local cause = why[other.color]
        local was, counted = before.players[k], other.vp ~= before.players[k].vp
        for _, r in ipairs(D.resources) do
          counted = counted or other[r] ~= was[r]
        end
        cause = counted and cause or nil -- (a ship sent home says why by itself)
        theirs[#theirs + 1] = cause
        line = line .. tr("; {player}: {changes}", { player = other.color, changes = join(theirs) })
      end
    end
  end
  return tr("{sentence}.", { sentence = line })
end

local function faces_of(D, faces)
  local out = {}
  for i, f in ipairs(faces) do
    out[i] = fname(D, f)
  end
  return list(out)
end

-- The words of an action that is not a pass (nil for a pass).
local function action_line(D, result, core)
  local a, before, after = result.action, result.before, result.after
  local t = a.type
  local who = a.player or before.active
  if t == "roll" then
    return tr("{player} rolls {dice}: {faces}.",
      { player = who, dice = count(D, #a.faces, "dice"), faces = faces_of(D, a.faces) })
  elseif t == "reroll" then
    local was = {}
    for k, i in ipairs(a.dice) do
      was[k] = before.dice[i + 1].face
    end
    local paid = before.turn.rerolls >= D.game.reroll.free_per_turn
    local faces = { was = faces_of(D, was), got = faces_of(D, a.faces) }
    return results(D, a, before, after, who, paid and tr("rerolls {was} and gets {got}", faces)
      or tr("rerolls {was} (the free reroll) and gets {got}", faces), {})
  elseif t == "convert" then
    local spent = {}
    for k, i in ipairs(a.spend) do
      spent[k] = before.dice[i + 1].face
    end
    local was = before.dice[a.die + 1].face
    local words = { player = who, spent = faces_of(D, spent), was = fname(D, was),
      face = fname(D, a.face) }
    return tr("{player} uses the converter: spends {spent} to turn a die showing {was} into "
      .. "{face}.", words)
  elseif t == "activate" or t == "follow" then
    local face = t == "activate" and before.dice[a.die + 1].face or before.follow[1].face
    local q, i = player(before, who)
    local text, skip, acquired = use_words(D, face, a, q, after.players[i])
    local paid = nil
    if t == "follow" then
      text = tr("follows {player}'s {face}: {did}",
        { player = before.active, face = fname(D, face), did = text })
      paid = before.follow[1].cost
    else
      text = tr("{did} ({face})", { did = text, face = fname(D, face) })
    end
    return results(D, a, before, after, who, text, skip, acquired, paid)
  elseif t == "end_turn" then
    -- at the table: the table took it (its only option); told from a record (no steps):
    -- the same, read from the decision the core offered then
    local forced = result.steps[1] and result.steps[1].by == "table"
    if result.steps[1] == nil then
      local got = core.choices(before, {})
      forced = got ~= nil and got.decision ~= nil and #got.decision.options == 1
    end
    return forced and tr("{player} ends the turn: nothing left to do.", { player = who })
      or tr("{player} ends the turn.", { player = who })
  end
  return nil
end

-- The planets dealt into the row and the ones that left it (not colonized).
local function row_news(D, before, after)
  local out = {}
  local was, now = {}, {}
  for _, id in ipairs(before.row) do
    was[id] = true
  end
  for _, id in ipairs(after.row) do
    now[id] = true
    if not was[id] then
      local p = D.planet[id]
      out[#out + 1] = tr("New in the row: {planet} ({track} track, {vp}, {steps} to colonize).",
        { planet = p.name, track = word(D, p.track), vp = count(D, p.vp, "vp"),
          steps = count(D, p.steps, "steps") })
    end
  end
  for _, id in ipairs(before.row) do
    local gone = not now[id]
    for _, d in ipairs(after.discard) do
      if gone and d == id then
        out[#out + 1] = tr("{planet} leaves the row, discarded.", { planet = pname(D, id) })
      end
    end
  end
  return out
end

local function triggered(state)
  return state.end_triggered_by ~= nil and state.end_triggered_by ~= NULL
end

-- A mission at the end: what earned it, or why it earned nothing ("Industrialist: most
-- energy, +2"), with the numbers.
local function measure_words(D, c)
  if c.measure == "colonies" then
    return c.track and tr("{track} planets", { track = word(D, c.track) }) or word(D, "planets")
  end
  return word(D, c.measure)
end

-- A most/fewest mission's reason, by how it came out (`how`: "lost", "won", "tied").
local REASONS = {
  most = {
    lost = tr("most {what}: {player} has {mine}, {other} {best}"),
    won = tr("most {what}, {mine} to {best}"),
    tied = tr("tied for the most {what} at {mine}"),
  },
  fewest = {
    lost = tr("fewest {what}: {player} has {mine}, {other} {best}"),
    won = tr("fewest {what}, {mine} to {best}"),
    tied = tr("tied for the fewest {what} at {mine}"),
  },
}

function Story.mission(D, state, p)
  local m = D.mission[p.mission]
  if m == nil then
    return tr("{player}: no mission, +0", { player = p.color })
  end
  local c = m.condition
  local why
  if c.kind == "most" or c.kind == "fewest" then
    local function value(x)
      return c.measure == "colonies" and S.colonies_of(D, x, c.track) or x[c.measure]
    end
    local mine, best, by = value(p), nil, nil
    for _, q in ipairs(state.players) do
      if q.color ~= p.color then
        local v = value(q)
        if best == nil or (c.kind == "most" and v > best) or (c.kind == "fewest" and v < best) then
          best, by = v, q.color
        end
      end
    end
    local how = p.mission_vp == m.vp and "won" or p.mission_vp > 0 and "tied" or "lost"
    why = fill(REASONS[c.kind][how], { what = measure_words(D, c),
      player = p.color, mine = mine, other = tostring(by), best = tostring(best) })
  elseif c.kind == "equal" then
    local bits = {}
    local tracks = {}
    for k, track in ipairs(c.tracks) do
      bits[k] = count(D, S.colonies_of(D, p, track), track)
      tracks[k] = word(D, track)
    end
    why = tr("as many {tracks} planets: {counts}",
      { tracks = table.concat(tracks, tr(" as ")), counts = join(bits) })
  elseif c.kind == "at_least" or c.kind == "at_most" then
    local bits = {}
    for _, r in ipairs({ "energy", "culture", "ships_home", "ships_away" }) do
      local limit = c.amounts[r]
      if limit ~= nil then
        local v = S.threshold(D, p, r)
        local label = r == "ships_home" and tr("ships home") or r == "ships_away"
          and tr("ships away from home") or word(D, r)
        local need = { n = limit, what = label, has = v }
        bits[#bits + 1] = c.kind == "at_least" and tr("at least {n} {what}, has {has}", need)
          or limit == 0 and tr("no {what}, has {has}", need)
          or tr("at most {n} {what}, has {has}", need)
      end
    end
    why = tr("needs {conditions}", { conditions = table.concat(bits, tr("; ")) })
  elseif c.kind == "triggered_end" then
    why = tr("triggered the end: {player}",
      { player = triggered(state) and state.end_triggered_by or tr("nobody") })
  elseif c.kind == "top_empire" then
    why = tr("needs the empire at level {top}, the top, has level {level}",
      { top = D.top, level = p.empire })
  end
  return tr("{player}'s mission {mission} ({why}): {vp}",
    { player = p.color, mission = m.name, why = why, vp = signed(D, p.mission_vp, "vp") })
end

-- Each player's final VP by category: planets, empire, mission.
function Story.score_lines(D, state)
  local out = {}
  for _, p in ipairs(state.players) do
    local planets = 0
    for _, id in ipairs(p.colonies) do
      planets = planets + D.planet[id].vp
    end
    local empire = D.levels[p.empire].vp
    local m = D.mission[p.mission]
    out[#out + 1] = tr("{player}: planets {planets} ({colonies}) + empire {empire} (level "
      .. "{level}) + mission {mission} ({name}) = {vp}", { player = p.color, planets = planets,
      colonies = count(D, #p.colonies, "colonies"), empire = empire, level = p.empire,
      mission = p.mission_vp, name = m and m.name or tr("none"), vp = count(D, p.vp, "vp") })
  end
  return out
end

-- Who won, and why: the ranking's tie-breaks (VP, then colonies, empire, energy + culture).
function Story.winner(D, state)
  local first = state.ranking[1]
  local top = {}
  for _, color in ipairs(first) do
    top[#top + 1] = (player(state, color))
  end
  if #first > 1 then
    local p = top[1]
    return tr("{players} share the win: {vp}, {colonies}, empire level {level} and {sum} "
      .. "energy + culture each.", { players = list(first), vp = count(D, p.vp, "vp"),
      colonies = count(D, #p.colonies, "colonies"), level = p.empire,
      sum = p.energy + p.culture })
  end
  local p = top[1]
  local second = state.ranking[2] and state.ranking[2][1]
  local q = second and player(state, second)
  if q == nil or q.vp < p.vp then
    -- the runners-up: every player with the second most VP, whatever their other tie-breaks
    local next_best = {}
    for _, x in ipairs(q and state.players or {}) do
      if x.vp == q.vp then
        next_best[#next_best + 1] = x.color
      end
    end
    local won = { player = p.color, vp = count(D, p.vp, "vp"), others = list(next_best),
      theirs = q and q.vp }
    if q == nil then
      return tr("{player} wins with {vp}.", won)
    end
    return #next_best > 1 and tr("{player} wins with {vp} ({others} have {theirs}).", won)
      or tr("{player} wins with {vp} ({others} has {theirs}).", won)
  end
  -- tied on VP: the first tie-break that parts them
  local names = {}
  for _, x in ipairs(state.players) do
    if x.vp == p.vp then
      names[#names + 1] = x.color
    end
  end
  local tie = { players = list(names), vp = count(D, p.vp, "vp"), player = p.color }
  if #p.colonies ~= #q.colonies then
    tie.mine, tie.theirs = #p.colonies, #q.colonies
    return tr("{players} have {vp}; {player} wins on colonies, {mine} to {theirs}.", tie)
  elseif p.empire ~= q.empire then
    tie.mine, tie.theirs = p.empire, q.empire
    return tr("{players} have {vp}; {player} wins on empire level, {mine} to {theirs}.", tie)
  end
  tie.mine, tie.theirs = p.energy + p.culture, q.energy + q.culture
  return tr("{players} have {vp}; {player} wins on energy + culture, {mine} to {theirs}.", tie)
end

-- The game log's entries for an applied action (glue.table: words.entries).
function Story.entries(ctx, result)
  local D = ctx.D
  local a, before, after = result.action, result.before, result.after
  local notes = ctx.log.notes
  local out = {}
  if a.type == "pass" then
    notes.passes = notes.passes or {}
    notes.passes[#notes.passes + 1] = a.player
  else
    local line = action_line(D, result, ctx.m.core)
    if line then
      out[#out + 1] = { kind = "action", text = line }
    end
  end
  if (a.type == "pass" or a.type == "follow") and #after.follow < #before.follow
    and notes.passes and #notes.passes > 0 then
    -- the window closed: its passes in one line
    local passed = { players = list(notes.passes), player = before.active,
      face = fname(D, before.follow[1].face) }
    table.insert(out, a.type == "follow" and 1 or #out + 1, { kind = "action",
      text = #notes.passes == 1 and tr("{players} does not follow {player}'s {face}.", passed)
        or tr("{players} do not follow {player}'s {face}.", passed) })
    notes.passes = nil
  elseif #after.follow < #before.follow then
    notes.passes = nil
  end
  for _, text in ipairs(row_news(D, before, after)) do
    out[#out + 1] = { kind = "action", text = text }
  end
  if not triggered(before) and triggered(after) then
    local p = player(after, after.end_triggered_by)
    out[#out + 1] = { kind = "news", text = tr("{player} reaches {vp} (the end comes at "
      .. "{end_vp}): the round is finished, then the game ends.",
      { player = p.color, vp = count(D, p.vp, "vp"), end_vp = D.game.end_vp }) }
  end
  if before.phase ~= "over" and after.phase == "over" then
    out[#out + 1] = { kind = "news", text = tr("Game over. The missions are revealed:") }
    for _, p in ipairs(after.players) do
      out[#out + 1] = { kind = "score",
        text = tr("{sentence}.", { sentence = Story.mission(D, after, p) }) }
    end
    for _, line in ipairs(Story.score_lines(D, after)) do
      out[#out + 1] = { kind = "score", text = tr("Final score, {line}.", { line = line }) }
    end
    out[#out + 1] = { kind = "news", text = Story.winner(D, after) }
  end
  return out
end

return Story
