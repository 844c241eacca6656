-- Tiny Epic Galaxies rules engine: new game, choices one decision at a time, apply, scores.
--
-- Pure: no TTS calls, no globals, no randomness (roll outcomes come inside the actions).
-- apply(state, action) returns a new state, or nil and the reason; the state passed in is
-- never changed. States and actions are plain data (see lib.json for null and {} vs []).
--
--   local Engine = require("teg.core.engine")
--   local game = Engine.new(require("teg.data"))
--   local state = game.new_game(setup)
--   local nxt, why = game.apply(state, action)

local json = require("lib.json")
local S = require("teg.core.state")
local Rules = require("teg.core.rules")
local Src = require("teg.core.sources")
local Count = require("lib.count")
local tr = require("lib.tr")

local NULL = json.null
local obj = json.object
local refuse = S.refuse

local Engine = {}

local TYPES = { roll = true, reroll = true, convert = true, activate = true, follow = true,
  pass = true, end_turn = true }

function Engine.new(raw)
  local D = S.index(raw)
  local R = Rules.new(D)
  local E = {}

  local function dice_to_roll(state)
    return D.levels[state.players[S.active_seat(state)].empire].dice
  end

  local function reroll_cost(state)
    if state.turn.rerolls < D.game.reroll.free_per_turn then
      return nil
    end
    return D.game.reroll.cost
  end

  local function pay_to_follow(state, seat)
    R:pay(state.players[seat], state.follow[1].cost, "following")
    local active = state.players[S.active_seat(state)]
    for _, r in ipairs(D.resources) do
      R:gain(active, r, state.turn.follow_bonus[r])
    end
  end

  local function amount_text(cost)
    local parts = {}
    for _, r in ipairs(D.resources) do
      if cost[r] and cost[r] > 0 then
        parts[#parts + 1] = Count.of(D.game.units, cost[r], r)
      end
    end
    return #parts > 0 and table.concat(parts, tr(" and ")) or tr("free")
  end

  local function new_ctx(seat, following)
    return { seat = seat, following = following, chain = {} }
  end

  -- A die counts as activated while its own action resolves (Piedes can see it).
  local function usable(state, me, die)
    local d = state.dice[die + 1]
    d.state = "used"
    local ok, result = pcall(R.can_use_face, R, state, new_ctx(me, false), d.face)
    d.state = "ready"
    if not ok then
      error(result, 0)
    end
    return result
  end

  function E.new_game(setup)
    return S.new_state(D, setup)
  end

  function E.is_over(state)
    return state.phase == "over"
  end

  -- The color of the player who must act next (nil once the game is over).
  function E.to_act(state)
    if state.phase == "over" then
      return nil
    end
    if #state.follow > 0 then
      return state.follow[1].waiting[1]
    end
    return state.active
  end

  local TYPE_LIST = { "roll", "reroll", "convert", "activate", "follow", "pass", "end_turn" }

  -- The kinds of action open now (all of them for a Reader, which checks later).
  local function types(state, offering)
    local out = {}
    if not offering then
      for k, t in ipairs(TYPE_LIST) do
        out[k] = { id = t, label = "", fields = { type = t } }
      end
      return out
    end
    if #state.follow > 0 then
      local color = state.follow[1].waiting[1]
      local cost = amount_text(state.follow[1].cost)
      return {
        { id = "follow", label = tr("Follow ({cost})", { cost = cost }),
          fields = { type = "follow", player = color } },
        { id = "pass", label = tr("Pass"), fields = { type = "pass", player = color } },
      }
    end
    if state.stage == "roll" then
      local dice = Count.of(D.game.units, dice_to_roll(state), "dice")
      return { { id = "roll", label = tr("Roll {dice}", { dice = dice }),
        fields = { type = "roll" } } }
    end
    local ready = R:ready_dice(state)
    local me = S.active_seat(state)
    for _, i in ipairs(ready) do
      if usable(state, me, i) then
        out[#out + 1] = { id = "activate", label = tr("Activate a die"),
          fields = { type = "activate" } }
        break
      end
    end
    local cost = reroll_cost(state)
    if #ready > 0 and (cost == nil or R:can_pay(state.players[me], cost)) then
      out[#out + 1] = { id = "reroll",
        label = tr("Reroll ({cost})", { cost = cost == nil and tr("free") or amount_text(cost) }),
        fields = { type = "reroll" } }
    end
    if not state.turn.converted and #ready >= 3 then
      out[#out + 1] = { id = "convert", label = tr("Use the converter"),
        fields = { type = "convert" } }
    end
    out[#out + 1] = { id = "end_turn", label = tr("End turn"), fields = { type = "end_turn" } }
    return out
  end

  -- handlers: each changes the (copied) state and returns the seat that acted ------------------

  local function by_active(state, src, stage)
    if #state.follow > 0 then
      refuse(tr("waiting for {player} to follow or pass", { player = state.follow[1].waiting[1] }))
    end
    local player = src:peek("player")
    if player ~= nil and player ~= state.active then
      refuse(tr("it is {player}'s turn, not {other}'s",
        { player = state.active, other = tostring(player) }))
    end
    if state.stage ~= stage then
      refuse(state.stage == "roll" and tr("roll the dice first")
        or tr("the dice are already rolled"))
    end
    return S.active_seat(state)
  end

  local function decider(state, src)
    if #state.follow == 0 then
      refuse(tr("no follow window is open"))
    end
    local color = state.follow[1].waiting[1]
    if src.offering then
      return S.seat_of(state, color)
    end
    local who = src:peek("player")
    if who ~= color then
      refuse(tr("it is {player}'s turn to follow or pass, not {other}'s",
        { player = color, other = tostring(who) }))
    end
    return S.seat_of(state, color)
  end

  local function check_faces(faces, n)
    R:check_faces(faces, n)
  end

  local H = {}

  function H.roll(state, src)
    local me = by_active(state, src, "roll")
    local faces = src:faces("faces", dice_to_roll(state), state.active, check_faces)
    state.dice = {}
    for i, face in ipairs(faces) do
      state.dice[i] = { face = face, state = "ready" }
    end
    state.stage = "main"
    return me
  end

  function H.reroll(state, src)
    local me = by_active(state, src, "main")
    local cost = reroll_cost(state)
    if cost then
      R:pay(state.players[me], cost, "a reroll after the free one")
    end
    R:reroll(state, src, state.active)
    state.turn.rerolls = state.turn.rerolls + 1
    return me
  end

  function H.convert(state, src)
    local me = by_active(state, src, "main")
    if state.turn.converted then
      refuse(tr("the converter was already used this turn"))
    end
    local ready = R:ready_dice(state)
    if #ready < 3 then
      refuse(tr("the converter needs three unused dice"))
    end
    local who = state.active
    local spend = src:pick("spend", R:dice_cands(state, ready, src.offering), 2, 2, who,
      function() return "spend must name two unused dice" end)
    local rest = {}
    for _, i in ipairs(ready) do
      if i ~= spend[1] and i ~= spend[2] then
        rest[#rest + 1] = i
      end
    end
    local offered, also = R:die_options(state, rest, src.offering, function() return true end)
    local die = src:choose("die", offered, who, also, function()
      return src:peek("die") ~= nil and "die must be a third unused die" or nil
    end).die
    -- a conversion changes the face: the one the die shows is not offered
    local shows = state.dice[die + 1].face
    local faces = {}
    for _, f in ipairs(D.face_ids) do
      if f ~= shows then
        faces[#faces + 1] = { id = "face:" .. f,
          label = tr("Set it to {face}", { face = D.face[f].name }), fields = { face = f } }
      end
    end
    local face = src:choose("face", faces, who, nil, function()
      local v = src:peek("face")
      if v == nil then
        return nil
      elseif v == shows then
        return "the converter changes a die's face: die " .. (die + 1) .. " already shows '"
          .. tostring(v) .. "'"
      end
      return "'" .. tostring(v) .. "' is not a die face"
    end).face
    state.dice[spend[1] + 1].state = "spent"
    state.dice[spend[2] + 1].state = "spent"
    state.dice[die + 1].face = face
    state.turn.converted = true
    return me
  end

  function H.activate(state, src)
    local me = by_active(state, src, "main")
    local offered, also = R:die_options(state, R:ready_dice(state), src.offering,
      function(i) return usable(state, me, i) end)
    local die = src:choose("die", offered, state.active, also, function()
      local v = src:peek("die")
      if v == nil then
        return nil
      end
      if type(v) ~= "number" or v ~= math.floor(v) then
        return "die must be an integer"
      end
      return "die " .. v .. " is not an unused die"
    end).die
    local d = state.dice[die + 1]
    d.state = "used"
    R:use_face(state, new_ctx(me, false), d.face, src)
    local waiting = {}
    for _, seat in ipairs(S.rivals(state, me)) do
      waiting[#waiting + 1] = state.players[seat].color
    end
    state.follow[#state.follow + 1] = { face = d.face, cost = S.copy(state.turn.follow_cost),
      waiting = waiting }
    return me
  end

  function H.follow(state, src)
    local seat = decider(state, src)
    local window = state.follow[1]
    pay_to_follow(state, seat)
    R:use_face(state, new_ctx(seat, true), window.face, src)
    table.remove(window.waiting, 1)
    return seat
  end

  H["pass"] = function(state, src)
    local seat = decider(state, src)
    table.remove(state.follow[1].waiting, 1)
    return seat
  end

  local function finish(state)
    for i, p in ipairs(state.players) do
      p.mission_vp = S.mission_vp(D, state, i)
      p.vp = S.running_vp(D, p) + p.mission_vp
    end
    state.phase = "over"
    state.stage = "over"
    state.ranking = S.ranking(state)
  end

  function H.end_turn(state, src)
    local me = by_active(state, src, "main")
    state.dice = {}
    state.turn = S.fresh_turn(D)
    for _, p in ipairs(state.players) do
      p.once_used = {}
    end
    local last = me == #state.players
    if state.final_round and last then
      finish(state)
      return me
    end
    state.active = state.players[me % #state.players + 1].color
    if last then
      state.round = state.round + 1
    end
    state.stage = "roll"
    return me
  end

  local function can_follow(state, color)
    local seat = S.seat_of(state, color)
    if not R:can_pay(state.players[seat], state.follow[1].cost) then
      return false
    end
    return R:what_if(state, { seat, S.active_seat(state) },
      function() pay_to_follow(state, seat) end,
      function() return R:can_use_face(state, new_ctx(seat, true), state.follow[1].face) end)
  end

  -- After every action: VP (the end trigger is noted as VP changes) and who decides next in
  -- the follow windows.
  local function settle(state)
    if state.phase == "over" then
      return
    end
    for seat = 1, #state.players do
      R:note_vp(state, seat)
    end
    if #state.row == 0 then
      state.final_round = true -- nothing left to colonize
    end
    while #state.follow > 0 do
      local waiting = state.follow[1].waiting
      while #waiting > 0 and not can_follow(state, waiting[1]) do
        table.remove(waiting, 1)
      end
      if #waiting > 0 then
        break
      end
      table.remove(state.follow, 1)
    end
    if state.stage ~= "roll" then
      state.stage = #state.follow > 0 and "follow" or "main"
    end
  end

  -- Resolve one action on `state` (changed in place) with decisions from `src`.
  local function resolve(state, src)
    local who = E.to_act(state)
    local kind = src:choose("type", types(state, src.offering), who, nil, function()
      return "unknown action type " .. tostring(src:peek("type"))
    end).type
    local actor = H[kind](state, src)
    src:done(kind)
    return actor
  end

  -- The state after `action`, or nil and the reason it is refused.
  function E.apply(state, action)
    if not json.is_object(action) then
      return nil, "an action must be an object"
    end
    if not TYPES[action.type] then
      return nil, "unknown action type"
    end
    if state.phase == "over" then
      return nil, "the game is over"
    end
    local nxt = S.clone(state)
    local ok, err = pcall(function()
      resolve(nxt, Src.reader(action, action.type))
      settle(nxt)
    end)
    if ok then
      return nxt
    end
    local reason = S.refusal(err)
    if reason == nil then
      error(err, 0) -- a bug, not a refusal: let it surface
    end
    return nil, reason
  end

  -- Run the Builder over a copy of the state; returns ok, or false and the error.
  local function build(state, walk, action)
    if state.phase == "over" then
      return pcall(Src.stop, walk, { name = "type", player = NULL, options = json.array({}) })
    end
    return pcall(resolve, S.clone(state), Src.builder(action, walk))
  end

  local function outcome(walk, ok, err)
    if ok then
      return nil
    end
    local need = Src.needed(walk, err)
    if need then
      return "need", need
    end
    local reason = Src.bad_path(err) or S.refusal(err)
    if reason == nil then
      error(err, 0)
    end
    return "bad", reason
  end

  -- The next decision after `path` (option ids), or the complete action it spells:
  -- { complete = false, decision = {...}, action = partial } or { complete = true, action = ...};
  -- nil and the reason when the path names an option its decision does not have.
  function E.choices(state, path)
    local action = obj({})
    local walk = Src.walk(path)
    local kind, info = outcome(walk, build(state, walk, action))
    if kind == "need" then
      return { complete = false, decision = info, action = action }
    elseif kind == "bad" then
      return nil, info
    end
    if walk.pos < #walk.path then
      return nil, "the path goes on after the action is complete"
    end
    return { complete = true, action = action }
  end

  -- choices(state, path) and, for a complete path, the state after its action, in one run
  -- of the rules (choices then apply take two): { complete = false, decision =, action = the
  -- action so far, state = the state part way } or { complete = true, action =, state = }.
  function E.advance(state, path)
    local action = obj({})
    local walk = Src.walk(path)
    if state.phase == "over" then
      return E.choices(state, path)
    end
    local s = S.clone(state)
    local kind, info = outcome(walk, pcall(resolve, s, Src.builder(action, walk)))
    if kind == "need" then
      return { complete = false, decision = info, action = action, state = s }
    elseif kind == "bad" then
      return nil, info
    end
    if walk.pos < #walk.path then
      return nil, "the path goes on after the action is complete"
    end
    local ok, err = pcall(settle, s)
    if not ok then
      local reason = S.refusal(err)
      if reason == nil then
        error(err, 0)
      end
      return nil, reason
    end
    return { complete = true, action = action, state = s }
  end

  -- Every decision met along `path`, and the action it completes (nil if it stops first);
  -- nil, nil and the reason for a bad path.
  function E.trace(state, path)
    local action = obj({})
    local walk = Src.walk(path, nil, true)
    local kind, info = outcome(walk, build(state, walk, action))
    if kind == "bad" then
      return nil, nil, info
    end
    if kind == nil and walk.pos < #walk.path then
      return nil, nil, "the path goes on after the action is complete"
    end
    return walk.trace, kind == nil and action or nil
  end

  -- VP by color (running during play, final once over).
  function E.scores(state)
    local out = {}
    for _, p in ipairs(state.players) do
      out[p.color] = p.vp
    end
    return out
  end

  return E
end

return Engine
