-- What a player clicks for a decision (any game): its menu. Pure: no TTS calls.
--
-- A decision's options are the core's, one field at a time; a menu is what a panel or a
-- dialog offers for it. Each entry is a run of steps taken with one click:
--   * an option, and after it every decision of the same player with a single option (the
--     table would take it for them anyway), so "Utilize Colony die" reads as the whole
--     action it is ("Utilize Colony die: upgrade your empire to level 2, pay 2 energy");
--   * where the game asks for it (`inline`), an option whose next decision is shown in its
--     place: "Activate a die" becomes one entry per die, a program card one per direction;
--   * the game's extras: an entry that takes the same steps and also sets a hold, an answer
--     the table gives for that player until the hold's key changes ("Not this turn").
-- Seeing past an option costs one resolution of the rules (the core's `advance`), so a game
-- says which decisions are worth it (`lookahead`; a decision listed in an option's place is
-- seen past as that option was, unless the game's `inline_lookahead` says not), and the menu
-- is built a frame's share at a time (`pace`). An entry seen past keeps the core's result
-- for its steps: taking it asks the core nothing more (one not seen past asks once, when it
-- is taken). Its Python twin is generator/harness/flow.py; the playtest compares the two
-- entry for entry.
--
-- A decision with one option is not a player's to make: the table takes it (`Flow.forced`),
-- for everyone, bots too, and the log can say it was the only one.

local tr = require("lib.tr")

local Flow = {}

-- True for a decision nobody chooses: dice thrown or a deck shuffled (the table answers it;
-- lib.steps: Steps.roll, Steps.shuffle).
function Flow.chance(d)
  return d ~= nil and (d.roll ~= nil or d.shuffle ~= nil)
end

-- A game's extra for a window (its `extras`): the entry whose first step is `id`, again, as
-- a hold to `key` labelled `label` ("Not this turn"); nil when no entry starts so.
function Flow.hold(entries, id, key, label)
  for _, e in ipairs(entries) do
    if e.steps[1].id == id then
      return { { steps = e.steps, res = e.res, hold = key, label = label } }
    end
  end
  return nil
end

-- The option the table takes by itself: a decision's only one (nil: a player answers).
function Flow.forced(d)
  if d == nil or Flow.chance(d) or d.options == nil or #d.options ~= 1 then
    return nil
  end
  return d.options[1]
end

local function copy(list)
  local out = {}
  for i = 1, #list do
    out[i] = list[i]
  end
  return out
end

-- A step's words: the game's option words.
local function step_of(ctx, d, o, forced)
  return { id = o.id, label = ctx.words.option(ctx, d, o), name = d.name, player = d.player,
    forced = forced or nil }
end

-- What an entry says: the game's `compose(ctx, steps)`, else its labels, the first then
-- the rest ("Flank Deal: N (forward)").
function Flow.compose(ctx, steps)
  if ctx.words.compose then
    return ctx.words.compose(ctx, steps)
  end
  local text = steps[1].label
  for i = 2, #steps do
    local said = { text = text, next = steps[i].label }
    text = i == 2 and tr("{text}: {next}", said) or tr("{text}, {next}", said)
  end
  return text
end

-- The entries of decision `d` of `color`, whose path so far is `path` (the core's full path:
-- a simultaneous phase's colour first) in state `state`. `spec` is the game's (core,
-- lookahead, inline, extras, private, lookahead_cost or apply_cost); `pace(units)` is
-- called before each resolution and `still()` after it: false when the table moved on, and
-- the menu is abandoned (nil returned). Each entry: { steps =, res = the core's advance for them (nil
-- without look-ahead), of = the state it was worked out for, label =, hold = (an
-- extra's) }.
function Flow.entries(spec, ctx, state, path, d, pace, still)
  local cost = spec.lookahead_cost or spec.apply_cost or 1
  local private = spec.private or {}
  local entries = {}
  local stale = false
  local look = spec.lookahead and spec.lookahead(d)
  local function advance(steps)
    local p = copy(path)
    for _, s in ipairs(steps) do
      p[#p + 1] = s.id
    end
    pace(cost)
    if still and not still() then
      stale = true
      return nil
    end
    return spec.core.advance(state, p)
  end
  -- the next decision belongs to the same player and is asked the same way (a panel or a
  -- dialog), so one click may answer it too
  local function follows(dd, nxt)
    return nxt ~= nil and not Flow.chance(nxt) and nxt.player == dd.player
      and (private[nxt.name] or false) == (private[dd.name] or false)
  end
  local expand
  expand = function(prefix, dd, o, look_here)
    if stale then
      return
    end
    local steps = copy(prefix)
    steps[#steps + 1] = step_of(ctx, dd, o)
    if not look_here then
      entries[#entries + 1] = { steps = steps }
      return
    end
    local res = advance(steps)
    while res and not stale and not res.complete and follows(dd, res.decision)
      and #res.decision.options == 1 do
      steps[#steps + 1] = step_of(ctx, res.decision, res.decision.options[1], true)
      res = advance(steps)
    end
    if stale then
      return
    end
    if res and not res.complete and follows(dd, res.decision) and spec.inline
      and spec.inline(dd, o, res.decision) then
      steps[#steps].inlined = true
      local nxt = res.decision
      local look_next = not spec.inline_lookahead or spec.inline_lookahead(nxt)
      for _, o2 in ipairs(nxt.options) do
        expand(steps, nxt, o2, look_next)
      end
      return
    end
    entries[#entries + 1] = { steps = steps, res = res }
  end
  for _, o in ipairs(d.options) do
    expand({}, d, o, look)
  end
  if stale then
    return nil
  end
  for _, e in ipairs(entries) do
    e.label, e.of = Flow.compose(ctx, e.steps), state
  end
  if spec.extras then
    for _, extra in ipairs(spec.extras(ctx, d, entries) or {}) do
      extra.of = state
      entries[#entries + 1] = extra
    end
  end
  return entries
end

-- The entries without look-ahead, at no cost (each option alone): what a decision that is
-- not worth seeing past offers.
function Flow.plain(spec, ctx, d)
  local entries = {}
  for i, o in ipairs(d.options) do
    local steps = { step_of(ctx, d, o) }
    entries[i] = { steps = steps, label = Flow.compose(ctx, steps) }
  end
  if spec.extras then
    for _, extra in ipairs(spec.extras(ctx, d, entries) or {}) do
      entries[#entries + 1] = extra
    end
  end
  return entries
end

return Flow
