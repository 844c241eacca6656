-- Work spread over frames (any game): one job a frame, so no handler runs longer than its
-- share of a frame on the player's machine, which also runs TTS itself.
--
-- A job is a function run once in a later frame (later), or long work run as a coroutine
-- (work): it calls pace(units) as it goes, and pace yields once the frame's budget is
-- spent, so the job goes on at the next frame. A unit is about a thousand counted Lua
-- instructions (docs/moonsharp.md: handlers ran at about 2 thousand a millisecond on
-- a real MoonSharp 2.0). MoonSharp yields across pcall but not across a C# call (measured):
-- pace is never called from inside a sort's comparator or a gsub's replacement.
--
-- Jobs run in the order they were queued (but `first`, a job's own next part, goes before
-- them); a job queued under a name that is already waiting is not queued twice. The frame clock is TTS's: Wait.frames (api wait.md).
--
-- A queue may be given hooks: `began(q)` when a job is queued into an empty queue, `ended(q)`
-- when the last job is done. While `q.held` is true no job runs (for at most HOLD frames).

local Sources = require("glue.sources")

local F = {}

F.BUDGET = 4 -- units a frame
F.HOLD = 30 -- frames a hold lasts at most

local function none() end

function F.new(hooks)
  hooks = hooks or {}
  return { queue = {}, waiting = {}, ticking = false, spent = 0, held = false, held_for = 0,
    began = hooks.began or none, ended = hooks.ended or none }
end

local tick

local function schedule(q)
  if not q.ticking and q.queue[1] ~= nil then
    q.ticking = true
    Wait.frames(function()
      -- TTS names no handler for a Wait callback: the error says which job and where
      local ok, err = pcall(tick, q)
      if not ok then
        error(Sources.explain(err, "frame job " .. tostring(q.last)), 0)
      end
    end, 1)
  end
end

local function add(q, job)
  local first = q.queue[1] == nil
  q.waiting[job.name] = true
  q.queue[#q.queue + 1] = job
  if first then
    q.began(q)
  end
  schedule(q)
end

tick = function(q)
  q.ticking = false
  q.spent = 0
  local job = q.queue[1]
  if job == nil then
    return
  end
  if q.held and q.held_for < F.HOLD then
    q.held_for = q.held_for + 1
    schedule(q)
    return
  end
  q.held, q.held_for = false, 0
  q.last = job.name -- for the benchmarks: which job a frame ran
  if job.co == nil then
    table.remove(q.queue, 1)
    q.waiting[job.name] = nil
    schedule(q)
    job.fn()
    if q.queue[1] == nil then
      q.ended(q)
    end
    return
  end
  q.running = job
  local ok, err = coroutine.resume(job.co)
  q.running = nil
  if not ok then
    table.remove(q.queue, 1)
    q.waiting[job.name] = nil
    schedule(q)
    if q.queue[1] == nil then
      q.ended(q)
    end
    error(err, 0)
  end
  if coroutine.status(job.co) == "dead" then
    table.remove(q.queue, 1)
    q.waiting[job.name] = nil
    if q.queue[1] == nil then
      q.ended(q)
    end
  end
  schedule(q)
end

-- Run `fn()` in a later frame (once, however many times it is asked for before then).
function F.later(q, name, fn)
  if q.waiting[name] then
    return
  end
  add(q, { name = name, fn = fn })
end

-- Run `fn()` in the next frame, before the jobs waiting (the next part of the job running).
function F.first(q, name, fn)
  if q.waiting[name] then
    return
  end
  local first = q.queue[1] == nil
  q.waiting[name] = true
  table.insert(q.queue, 1, { name = name, fn = fn })
  if first then
    q.began(q)
  end
  schedule(q)
end

-- Run `fn(pace)` over as many frames as it takes, from the next one.
function F.work(q, name, fn)
  if q.waiting[name] then
    return
  end
  local function pace(units)
    q.spent = q.spent + units
    if q.spent >= F.BUDGET then
      coroutine.yield()
      q.spent = 0
    end
  end
  add(q, { name = name, co = coroutine.create(function()
    fn(pace)
  end) })
end

-- True while a job waits or runs.
function F.busy(q)
  return q.queue[1] ~= nil
end

-- True while a job of this name waits or runs.
function F.pending(q, name)
  return q.waiting[name] == true
end

-- Drop every job (a load or a new game starts over).
function F.clear(q)
  q.queue, q.waiting, q.spent = {}, {}, 0
  q.ended(q)
end

return F
