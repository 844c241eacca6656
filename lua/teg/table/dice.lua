-- Rolling the action dice for real: the script throws them, waits until every one rests
-- flat, throws a cocked one again, and reads the faces (TABLE-AUTOMATION.md §1.1, §7.1).
--
-- Dice drift as they tumble, so each is first put back over its bay slot. Players cannot
-- pick a die up while it rolls (interactable = false, restored when it is read).

local Dice = {}

local TIMEOUT = 10 -- seconds a throw may take before the table gives up and says so
local THROWS = 5 -- throws of one cocked die before its face is read as it lies

-- Degrees off the nearest quarter turn about x or z: 0 for a die lying flat.
local function tilt(obj)
  local r = obj.getRotation()
  local worst = 0
  for _, v in ipairs({ r.x, r.z }) do
    local off = math.abs((v + 45) % 90 - 45)
    if off > worst then
      worst = off
    end
  end
  return worst
end

-- Roll the dice `guids` (from the places `from`), then call done(faces) in the same order,
-- or done(nil, reason) when they do not come to rest.
function Dice.roll(guids, from, done)
  local objs = {}
  for i, guid in ipairs(guids) do
    local obj = getObjectFromGUID(guid)
    if obj == nil then
      done(nil, "action die " .. guid .. " is missing from the table")
      return
    end
    objs[i] = obj
  end
  local throws = 0
  local function throw(which)
    throws = throws + 1
    for _, i in ipairs(which) do
      local obj, p = objs[i], from[i]
      obj.interactable = false
      obj.setPosition({ x = p.x, y = p.y + 1.5, z = p.z })
      obj.roll()
    end
  end
  local function at_rest()
    for _, obj in ipairs(objs) do
      if not obj.resting or obj.held_by_color ~= nil then
        return false
      end
    end
    return true
  end
  local watch
  local function read()
    local cocked = {}
    for i, obj in ipairs(objs) do
      if tilt(obj) > 5 then
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
  watch = function()
    -- A thrown die reports resting for a moment before it leaves the table: look a frame later.
    Wait.frames(function()
      Wait.condition(read, at_rest, TIMEOUT, function()
        for _, obj in ipairs(objs) do
          obj.interactable = true
        end
        done(nil, "the dice did not come to rest")
      end)
    end, 1)
  end
  local all = {}
  for i = 1, #objs do
    all[i] = i
  end
  throw(all)
  watch()
end

return Dice
