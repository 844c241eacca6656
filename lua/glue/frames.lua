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

-- Every long job of a queue runs in one coroutine, kept: MoonSharp 2.0 makes a coroutine a
-- processor of its own with two stacks of 131,072 slots (its Processor.cs), 2 MB allocated
-- at every coroutine.create (benchmarks/moonsharp_ops.py) — more than most jobs' whole work.
-- The worker runs the job `q.current` names, hands back DONE with how it ended, and waits
-- for the next; an error inside a job ends the job, not the worker.
local DONE = {}

local function worker(q)
  return coroutine.create(function()
    while true do
      local job = q.current
      coroutine.yield(DONE, pcall(job.work, job.pace))
    end
  end)
end

-- The job at the head of the queue is done: out of the queue (unless a clear meanwhile
-- left another there).
local function finished(q, job)
  if q.queue[1] == job then
    table.remove(q.queue, 1)
    q.waiting[job.name] = nil
  end
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
  if job.work == nil then
    finished(q, job)
    schedule(q)
    job.fn()
    if q.queue[1] == nil then
      q.ended(q)
    end
    return
  end
  if q.current ~= job then
    if q.current ~= nil then
      q.worker = nil -- its job was dropped part way (a clear): that coroutine is left as is
    end
    q.current = job
  end
  local co = q.worker or worker(q)
  q.worker = co
  local ok, done, fine, err = coroutine.resume(co)
  if not ok then -- (the worker itself failed: a yield it could not make)
    q.worker, fine, err = nil, false, done
  end
  if not ok or done == DONE then
    if ok and q.worker == nil then
      q.worker = co -- (a clear from inside the job let it go: it waits for a job again)
    end
    q.current = nil
    finished(q, job)
    schedule(q)
    if q.queue[1] == nil then
      q.ended(q)
    end
    if not fine then
      error(err, 0)
    end
    return
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
  add(q, { name = name, work = fn, pace = pace })
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
  if q.current ~= nil then
    q.worker, q.current = nil, nil -- (a job part way: its coroutine is dropped with it)
  end
  q.ended(q)
end

return F
