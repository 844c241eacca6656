-- Work spread over frames (any game): one job a frame, so no handler runs longer than its
-- share of a frame on the player's machine, which also runs TTS itself.
--
-- A job is a function run once in a later frame (later), or long work run as a coroutine
-- (work): it calls pace(units) as it goes, and pace yields once the frame's budget is
-- spent, so the job goes on at the next frame. A unit is about a thousand counted Lua
-- instructions (docs/moonsharp.md: whole handlers run at 1.5-2.5 thousand a millisecond on
-- a real MoonSharp 2.0). MoonSharp yields across pcall but not across a C# call (measured):
-- pace is never called from inside a sort's comparator or a gsub's replacement.
--
-- Jobs run in the order they were queued; a job queued under a name that is already waiting
-- is not queued twice. The frame clock is TTS's: Wait.frames (api wait.md).

local F = {}

F.BUDGET = 4 -- units a frame

function F.new()
  return { queue = {}, waiting = {}, ticking = false, spent = 0 }
end

local tick

local function schedule(q)
  if not q.ticking and q.queue[1] ~= nil then
    q.ticking = true
    Wait.frames(function()
      tick(q)
    end, 1)
  end
end

tick = function(q)
  q.ticking = false
  q.spent = 0
  local job = q.queue[1]
  if job == nil then
    return
  end
  q.last = job.name -- for the benchmarks: which job a frame ran
  if job.co == nil then
    table.remove(q.queue, 1)
    q.waiting[job.name] = nil
    schedule(q)
    job.fn()
    return
  end
  q.running = job
  local ok, err = coroutine.resume(job.co)
  q.running = nil
  if not ok then
    table.remove(q.queue, 1)
    q.waiting[job.name] = nil
    schedule(q)
    error(err, 0)
  end
  if coroutine.status(job.co) == "dead" then
    table.remove(q.queue, 1)
    q.waiting[job.name] = nil
  end
  schedule(q)
end

-- Run `fn()` in a later frame (once, however many times it is asked for before then).
function F.later(q, name, fn)
  if q.waiting[name] then
    return
  end
  q.waiting[name] = true
  q.queue[#q.queue + 1] = { name = name, fn = fn }
  schedule(q)
end

-- Run `fn(pace)` over as many frames as it takes, from the next one.
function F.work(q, name, fn)
  if q.waiting[name] then
    return
  end
  q.waiting[name] = true
  local function pace(units)
    q.spent = q.spent + units
    if q.spent >= F.BUDGET then
      coroutine.yield()
      q.spent = 0
    end
  end
  q.queue[#q.queue + 1] = { name = name, co = coroutine.create(function()
    fn(pace)
  end) }
  schedule(q)
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
end

return F
