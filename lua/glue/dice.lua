-- Rolling dice for real, for any game: the script throws them, waits until every one has left
-- rest and come back to it flat, throws a cocked one again, and reads the faces
-- (as public mods do: c4tachan/tts-formula-d-2.0 src/fd/tts/dice.lua, darrellanderson/TI4-TTS
-- MultiRoller_Plat.ttslua; timings measured by PeterPeet/Claude-TTSim-MCPServer).
--
-- TTS moves dice by animations too: setRotationValue lifts, turns and drops a die, and
-- setPositionSmooth glides it (api object.md); a throw during either, or of a die a player
-- holds, may not toss it. So a die is thrown only once it rests and nobody holds it, and it
-- is read only after it was seen moving and then resting: never the face the glue set.
-- Players cannot pick a die up while it rolls (interactable = false, restored when read).

local tr = require("lib.tr")
local Dice = {}

local TIMEOUT = 10 -- seconds a throw may take before the table gives up and says so
local READY_TIMEOUT = 10 -- seconds to wait for the dice to be free to throw
local THROWS = 5 -- throws of one cocked die before its face is read as it lies
local START_FRAMES = 20 -- frames a thrown die has to leave rest before it is thrown again
local UPRIGHT = math.cos(math.rad(5)) -- within 5 degrees of vertical
local LEVEL = math.sin(math.rad(5)) -- within 5 degrees of horizontal

-- A cube lies flat on a face when each of its axes stands upright or lies level: read from
-- its axes (two are enough), not from Euler angles, which are degenerate on the two faces
-- at x = ±90 degrees (gimbal lock: y and z turn about the same axis).
local function straight(axis)
  local y = math.abs(axis.y)
  return y >= UPRIGHT or y <= LEVEL
end

local function flat(obj)
  return straight(obj.getTransformUp()) and straight(obj.getTransformRight())
end

local function free(obj)
  return obj.resting and not obj.isSmoothMoving() and obj.held_by_color == nil
end

-- Roll the dice `guids`, then call done(faces) in the same order,
-- or done(nil, reason) when they cannot be thrown or do not come to rest. `tell(color,
-- text)` reaches a player privately (one who holds a die).
function Dice.roll(guids, done, tell)
  local objs = {}
  for i, guid in ipairs(guids) do
    local obj = getObjectFromGUID(guid)
    if obj == nil then
      done(nil, tr("die {guid} is missing from the table", { guid = guid }))
      return
    end
    objs[i] = obj
  end
  local throws = 0
  local moved = {} -- i -> true once die i has been seen off rest since its last throw
  local thrown_at = {} -- i -> frames waited since its last throw
  local told = {}

  -- roll() tosses a die from where it lies (it rises by itself, as measured by
  -- PeterPeet/Claude-TTSim-MCPServer); the table put it where it lies when it drew the
  -- picture last (Galaxies: over its bay slot). Moving it here first would make it fall,
  -- and a fall would pass for a throw.
  local function throw(which)
    throws = throws + 1
    for _, i in ipairs(which) do
      local obj = objs[i]
      obj.interactable = false
      obj.roll()
      moved[i], thrown_at[i] = false, 0
    end
  end

  -- Each frame: note which dice have left rest; throw again one that never did.
  local function settled()
    local again = {}
    for i, obj in ipairs(objs) do
      if not moved[i] then
        if not obj.resting then
          moved[i] = true
        else
          thrown_at[i] = thrown_at[i] + 1
          if thrown_at[i] > START_FRAMES then
            again[#again + 1] = i
          end
        end
      end
    end
    if #again > 0 then
      throw(again)
      return false
    end
    for i, obj in ipairs(objs) do
      if not moved[i] or not free(obj) then
        return false
      end
    end
    return true
  end

  local watch
  local function read()
    local cocked = {}
    for i, obj in ipairs(objs) do
      if not flat(obj) then
        cocked[#cocked + 1] = i
      end
    end
    if #cocked > 0 and throws < THROWS * #objs then
      throw(cocked)
      watch()
      return
    end
    local faces = {}
    for i, obj in ipairs(objs) do
      faces[i] = obj.getRotationValue()
      obj.interactable = true
    end
    done(faces)
  end

  local function give_up(why)
    for _, obj in ipairs(objs) do
      obj.interactable = true
    end
    done(nil, why)
  end

  watch = function()
    Wait.condition(read, settled, TIMEOUT, function()
      give_up(tr("the dice did not come to rest"))
    end)
  end

  -- First wait until no die is held, gliding or turning to a face.
  local function ready()
    local all = true
    for _, obj in ipairs(objs) do
      if not free(obj) then
        all = false
        local holder = obj.held_by_color
        if holder ~= nil and not told[holder] then
          told[holder] = true
          tell(holder, tr("Let go of the die: the table is rolling it."))
        end
      end
    end
    return all
  end

  Wait.condition(function()
    local all = {}
    for i = 1, #objs do
      all[i] = i
    end
    throw(all)
    watch()
  end, ready, READY_TIMEOUT, function()
    give_up(tr("a die is held or still moving"))
  end)
end

-- A chance decision `d` (lib.steps: `roll` dice of `faces` faces, or `shuffle` items) drawn
-- without dice or cards on the table, for a game with no input of its own for it: TTS's own
-- random numbers (math.random, seeded by TTS each session), as its answer ("faces:3,1,6",
-- "order:2,3,1").
function Dice.drawn(d)
  if d.shuffle then
    local order = {}
    for i = 1, d.shuffle do
      local j = math.random(1, i) -- Fisher-Yates, inside out
      order[i] = order[j]
      order[j] = i
    end
    return "order:" .. table.concat(order, ",")
  end
  local faces = {}
  for i = 1, d.roll do
    faces[i] = math.random(1, d.faces)
  end
  return "faces:" .. table.concat(faces, ",")
end

return Dice
