-- Pure: Tiny Epic Galaxies in the players' words, for the table framework (glue.table
-- documents the words' part of the contract): what each decision asks (teg.table.prompts),
-- what happened, the status line, the secret missions' picks.

local Count = require("lib.count")
local fill = require("lib.fill")
local tr = require("lib.tr")
local Game = require("glue.game")
local S = require("teg.core.state")
local Prompts = require("teg.table.prompts")
local Story = require("teg.table.story")

local W = {}

-- What decision `d` asks; a decision without words says so plainly rather than showing a
-- field name (a test fails on any such decision).
function W.prompt(ctx, d)
  local m = ctx.m
  local path = {}
  for i, s in ipairs(Game.steps(m, d.player)) do
    path[i] = s.id
  end
  return Prompts.prompt(ctx.D, m.state, d, path, Game.shared_action(m) or {}) or tr("Choose one")
end

function W.option(_, _, o)
  return o.label
end

-- The seat colours and the first word of each planet's name: a label that starts with a
-- name keeps its capital.
local NAMES = nil

-- A label after a colon, in sentence case ("Upgrade ..." -> "upgrade ..."), unless it
-- starts with a name ("Nagato", "CLJ-0517"): a name keeps its case in every language.
local function lower_first(D, text)
  if NAMES == nil then
    NAMES = {}
    for _, c in ipairs(D.game.seat_colors) do NAMES[c] = true end
    for _, p in pairs(D.planet) do
      NAMES[string.match(p.name, "^[A-Za-z0-9%-]+") or p.name] = true
    end
  end
  if NAMES[string.match(text, "^[A-Za-z0-9%-]+") or ""] then
    return text
  end
  return string.lower(string.sub(text, 1, 1)) .. string.sub(text, 2)
end

-- What a menu entry says (glue.flow): its options' labels, a die listed in place of
-- "Activate a die" without those words ("Utilize Colony die: upgrade your empire to level
-- 2, pay 2 energy").
function W.compose(ctx, steps)
  local text, n = nil, 0
  for _, s in ipairs(steps) do
    if not s.inlined then
      n = n + 1
      if n == 1 then
        text = s.label
      else
        local said = { text = text, next = lower_first(ctx.D, s.label) }
        text = n == 2 and tr("{text}: {next}", said) or tr("{text}, {next}", said)
      end
    end
  end
  return text or steps[#steps].label
end

-- When a decision becomes a player's, privately.
function W.notice(ctx, d)
  local asked = W.prompt(ctx, d)
  local turn = tr("Your turn") -- a turn's own question says whose decision it is already
  if string.sub(asked, 1, #turn) ~= turn then
    asked = tr("Your decision: {prompt}", { prompt = asked })
  end
  return asked
end

-- The game log: results, not menu paths (teg.table.story).
W.entries = Story.entries

-- The status line everyone reads: whose decision the table waits for and what they are asked.
-- What the decider is doing, in the third person, by decision name (the status line; their
-- own panel asks them in the second person: teg.table.prompts).
local PIECES = { die = tr("die"), ship = tr("ship") } -- a piece put back, by kind

local DOING = {
  die = tr("{player} chooses a die"),
  ship = tr("{player} chooses a ship to move"),
  to = tr("{player} chooses where the ship goes"),
  ability = tr("{player} decides whether to use the planet's action"),
  planet = tr("{player} chooses a planet"),
  colony = tr("{player} chooses a colony"),
  pay = tr("{player} chooses how to pay"),
  dice = tr("{player} chooses dice"),
  spend = tr("{player} chooses the two dice the converter spends"),
  discard = tr("{player} chooses dice to discard"),
  targets = tr("{player} chooses whose ships go back"),
  face = tr("{player} chooses a die face"),
  amount = tr("{player} chooses how much to trade"),
  player = tr("{player} chooses whom to take from"),
  resource = tr("{player} chooses what to gain"),
  back = tr("{player} chooses a ship to move back"),
  forward = tr("{player} chooses a ship to move forward"),
}

function W.doing()
  return DOING
end

-- The log's opening line (glue.log: Log.opening), and its line once every mission is kept.
function W.opening(D, players)
  return tr("{game}: {players}. {first} starts. Each player keeps one of the two secret missions "
    .. "in their hand.", { game = D.game.name, players = table.concat(players, tr(", ")),
      first = players[1] })
end

function W.begun(_, state)
  return tr("Every mission is kept: {player} begins.", { player = state.active })
end

function W.status(ctx)
  local m = ctx.m
  if m.picks then
    local text = tr("Choosing secret missions: waiting for {who}", { who = ctx.waiting_text or "" })
    local absent = ctx.absent
    if absent then
      text = text .. tr(" ({color} is not seated: the host can keep a mission for them, or "
        .. "remove them from the game)", { color = absent })
    end
    return text
  end
  local state = m.state
  if state == nil then
    return tr("{game}: sit at a seat with a mat, then the host presses Start",
      { game = ctx.D.game.name })
  end
  if state.phase == "over" then
    return tr("Game over: {winner}", { winner = Story.winner(ctx.D, state) })
  end
  local who = Game.decider(m)
  local d = who and Game.decision(m, who)
  local text = tr("Round {round} - {player}'s turn", { round = state.round, player = state.active })
  if ctx.input then
    text = text .. tr(" - rolling the dice")
  elseif d then
    local doing = DOING[d.name] or tr("{player} decides")
    if d.name == "type" and #state.follow == 0 then
      doing = tr("{player} chooses an action")
    elseif d.name == "type" then
      -- "Follow Green's Acquire Energy (1 culture)?" as a doing
      local w = state.follow[1]
      local face = ctx.D.face[w.face]
      doing = tr("{player} decides whether to follow {active}'s {face} ({cost})",
        { active = state.active, face = face and face.name or w.face, player = "{player}",
          cost = Prompts.cost_text(ctx.D, w.cost) })
    end
    text = text .. " - " .. fill(doing, { player = d.player })
    if ctx.seated[d.player] == nil then
      text = text .. tr(" ({player} is not seated: the host can decide for them, or a player can "
        .. "take the {player} seat)", { player = d.player })
    end
  end
  if state.final_round then
    local left = #state.players - S.active_seat(state) + 1
    text = text .. tr(" - last round: {turns} left",
      { turns = Count.of(ctx.D.game.units, left, "turns") })
  end
  return text
end

function W.over(ctx)
  return tr("The game is over: {winner} The score is under the scoreboard.",
    { winner = Story.winner(ctx.D, ctx.m.state) })
end

function W.rolling()
  return tr("Rolling the dice...")
end

-- The secret missions, kept before the first turn (the framework's setup picks).
function W.pick_prompt()
  return tr("Keep one of the two secret missions in your hand (press Keep on the card, or here)")
end

function W.pick_label(_, k)
  return tr("Keep the card marked {k}", { k = k })
end

function W.picked()
  return tr("You have kept your mission. Waiting for the others.")
end

-- The log when a player has kept a mission: everyone reads that one was kept; its keeper
-- which, and what it needs.
function W.kept(ctx, color, id)
  local m = ctx.D.mission[id]
  return { kind = "table", text = tr("{color} has kept a secret mission.", { color = color }),
    own = { [color] = tr("You keep the mission {name} ({vp} VP): {text}",
      { name = m.name, vp = m.vp, text = m.text }) } }
end

-- R over a piece, and a piece put back.
function W.shake(kind)
  if kind == "die" then
    return tr("The table rolls the dice: use Roll or Reroll in your panel.")
  end
  return tr("Pieces follow the game: use your panel to act.")
end

function W.put_back(kind)
  local v = { piece = PIECES[kind] or kind }
  return tr("Pieces follow the game: drop a ship on a planet or a die on the converter when you "
    .. "may move it, or use your panel. The {piece} went back to its place.", v)
end

W.seats = tr("the mats") -- where players sit: "needs 2 to 4 players seated at ..."

W.black = tr("Someone sits at Black, the game master's seat: Black sees every hand, so the "
  .. "secret missions are not secret from them.")

return W
