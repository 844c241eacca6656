-- Tiny Epic Mechs' part of the table's flow (glue.flow): a program card listed with each of
-- its directions (one pick a card, the whole program confirmed once), a card's action listed
-- with what it buys or heals, and the equip windows asked only when the loadout could change
-- something: the first of a round, or after a new weapon or a new status, unless the player
-- keeps their loadout for the round. Pure; its Python twin is the game's playtest hooks
-- (generator/games/tem/playtest.py).

local Game = require("glue.game")
local Flow = require("glue.flow")
local tr = require("lib.tr")
local dir_word = require("tem.table.dirs")

local F = {}

local LOOK = { program = true, ad_hoc_card = true, act = true }

function F.lookahead(d)
  return LOOK[d.name] == true
end

-- A program card's directions, listed in its place, are not seen past: a direction leads to
-- the next card or to the program's end, never to a single-option decision, and what the
-- program does is seen when it runs (seeing past every direction of every card was nine
-- resolutions in ten of a game's menus).
function F.inline_lookahead(d)
  return d.name ~= "direction"
end

local INLINE = { program = "direction", ad_hoc_card = "ad_hoc_direction", act = true }

function F.inline(d, _, nxt)
  local want = INLINE[d.name]
  if want == true then
    return nxt.name == "buy" or nxt.name == "power_up"
  end
  return want ~= nil and nxt.name == want
end

local function window(d)
  return string.sub(d.name, 1, 6) == "equip_" and Game.label(d, "done") ~= nil
end

-- A player's loadout, as an equip window sees it: the round, their status, what they own and
-- what they have equipped.
function F.loadout(state, color)
  for _, p in ipairs(state.players) do
    if p.color == color then
      local owned, equipped = { unpack(p.owned) }, { unpack(p.equipped) }
      table.sort(owned)
      table.sort(equipped)
      return state.round .. "|" .. p.status .. "|" .. table.concat(owned, ",") .. "|"
        .. table.concat(equipped, ",")
    end
  end
  return nil
end

local function keep_key(state)
  return "keep:" .. state.round
end

-- An equip window's extra: keep the loadout for the rest of the round.
function F.extras(ctx, d, entries)
  if not window(d) then
    return nil
  end
  return Flow.hold(entries, "done", keep_key(ctx.m.state),
    tr("Keep my loadout for the rest of the round"))
end

-- The table keeps a player's loadout when they said so for the round, or when nothing
-- changed since they last chose it (same round, status and weapons).
function F.auto(ctx, color, d)
  if not window(d) then
    return nil
  end
  local m = ctx.m
  if ctx.prefs.hold[color] == keep_key(m.state) then
    return "done", "hold"
  elseif ctx.prefs.note[color] == F.loadout(Game.shown_state(m), color) then
    return "done", "unchanged"
  end
  return nil
end

-- A player closed an equip window: the loadout they chose is noted (`shown`: the state at
-- that window).
function F.chose(ctx, color, d, entry, shown)
  local last = entry.steps[#entry.steps]
  if window(d) and last.id == "done" then
    ctx.prefs.note[color] = F.loadout(shown, color)
  end
end

-- A program is confirmed once, when its last card is chosen.
function F.confirm(d, _, _, _, res)
  if (d.name == "program" or d.name == "direction") and res and res.complete then
    local bits = {}
    for i, c in ipairs(res.action.cards) do
      bits[i] = tr("{i}. {card} {dir}", { i = i, card = F.names[c.card] or c.card,
        dir = dir_word(c.dir) })
    end
    return { question = tr("Your program: {cards}. Lock it in?",
      { cards = table.concat(bits, tr(", ")) }), yes = tr("Lock in my program"),
      no = tr("Change the last card"), cards = res.action.cards }
  end
  return nil
end

-- The flow for a game's card data (`names`: card id -> its name).
return function(names)
  F.names = names
  return F
end
