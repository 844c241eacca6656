"""Where a table handler's counted instructions go: not a test.

Run `.venv/bin/python benchmarks/profile_table.py tem --games 3 --handler onButton` (or
`--load`: the load of the longest game's save, after the games). Plays
seeded games at the headless TTS (as `ttsmod playtest GAME`) with a sampling hook: every
SAMPLE counted instructions of the chosen handlers (all, by default) it walks the Lua
stack, and prints the functions that ran the most, by module and line, inclusive (the
function and what it called) and self (its own instructions), as shares of the instructions
sampled. Functions are named `module:line` from the bundled Global script's
`__bundle_register` markers, so a name points at lua/<module path>.lua.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from typing import Any

from generator import games
from generator.harness import moonsharp
from generator.harness.play import measure_load
from generator.harness.tts import emulator

SAMPLE = 7  # instructions between two samples (a prime, so loops do not alias with it)

# The count hook of generator.harness.moonsharp.COUNTER, sampling the stack as well.
PROFILER = """
local sethook, getinfo, pack, unpack = debug.sethook, debug.getinfo, table.pack, table.unpack
local floor, error = math.floor, error
local create = coroutine.create
local SAMPLE = SAMPLE_SIZE
local paused = false
local meter = { n = 0, back = 0, quiet = 0, bytes = 0, on = false, self = {}, incl = {},
  pause = function(on)
  local was = paused
  paused = on
  return was
end }
local counting = false
local total = 0
local function sample(co)
  local seen = {}
  local level = co and 1 or 3 -- 1: sample, 2: the hook (on the main thread)
  local first = true
  while true do
    local info = co and getinfo(co, level, "S") or (not co and getinfo(level, "S"))
    if not info then break end
    if info.what ~= "C" and info.short_src ~= '[string "<python>"]' then
      local k = info.short_src .. ":" .. info.linedefined
      if first then
        meter.self[k] = (meter.self[k] or 0) + 1
        first = false
      end
      if not seen[k] then
        seen[k] = true
        meter.incl[k] = (meter.incl[k] or 0) + 1
      end
    end
    level = level + 1
  end
end
local function hook()
  if counting and not paused then
    total = total + SAMPLE
    if meter.on then
      local co, main = coroutine.running()
      sample(not main and co or nil)
    end
  end
end
coroutine.create = function(fn)
  local co = create(fn)
  sethook(co, hook, "", SAMPLE)
  return co
end
return meter, function(fn, ...)
  if counting then
    return 0, fn(...)
  end
  local before = total
  local charged, backed = meter.n, meter.back or 0
  paused = false
  counting = true
  sethook(hook, "", SAMPLE)
  local results = pack(pcall(fn, ...))
  sethook()
  counting = false
  if not results[1] then
    error(results[2], 0)
  end
  return total - before - ((meter.back or 0) - backed) + floor(meter.n - charged + 0.5),
    unpack(results, 2, results.n)
end
""".replace("SAMPLE_SIZE", str(SAMPLE))


def module_lines(script: str) -> list[tuple[int, str]]:
    """(first line, module) of each module in a bundled script, in order."""
    out = []
    for k, line in enumerate(script.splitlines(), 1):
        found = re.match(r'__bundle_register\("([^"]+)"', line)
        if found:
            out.append((k, found.group(1)))
    return out


def name_of(key: str, modules: list[tuple[int, str]]) -> str:
    """`Global:123` -> `module:line within it`."""
    src, _, line = key.rpartition(":")
    n = int(line)
    if not src.startswith("Global") or not modules:
        return key
    first, module = 0, "?"
    for start, name in modules:
        if start <= n:
            first, module = start, name
    return f"{module}:{n - first}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", choices=games.ids())
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--handler", default="", help="profile handlers whose name has this")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--above", type=int, default=0, help="only runs counting more than this")
    parser.add_argument("--job", help="only the frames that ran this job of the framework's")
    parser.add_argument(
        "--load", action="store_true", help="the load of the longest game's save, not the games"
    )
    args = parser.parse_args()
    moonsharp.COUNTER = PROFILER
    meters: list[Any] = []
    run = emulator.Table._run

    def profiled(self: emulator.Table, label: str, fn: Any, *a: Any) -> Any:
        meter = self._count._meter
        if meter not in meters:
            meters.append(meter)
            # Every sample leaves garbage (the stack's info tables), and a table's Lua never
            # collects it (generator.harness.tts.emulator: lupa#294): here it must, at the
            # small risk that bug stands for.
            self.lua.execute("collectgarbage('restart')")
        meter["on"] = args.handler in label
        keep = args.above or args.job
        saved_self = dict(meter["self"].items()) if keep else None
        saved_incl = dict(meter["incl"].items()) if keep else None
        try:
            return run(self, label, fn, *a)
        finally:
            meter["on"] = False
            cost = self.costs[label.split(": ", 1)[-1]]
            job = None
            if args.job and meter["on"] is not None and label.endswith("Wait.frames callback"):
                job = self.from_lua(self.call_in("-1", "tableStatus")).get("job")
            if (args.above and cost.instructions and cost.instructions[-1] < args.above) or (
                args.job and job != args.job
            ):
                # a cheap run: its samples are not the ones asked for
                meter["self"] = self.lua.table_from(saved_self)
                meter["incl"] = self.lua.table_from(saved_incl)

    emulator.Table._run = profiled  # type: ignore[method-assign]
    rules = games.get(args.game)
    from generator.cli import _current_save

    _, save = _current_save(args.game)
    modules = module_lines(save["LuaScript"])
    table = rules.build_parts()
    engine = rules.engine()
    longest = None
    for result in table.playtest.run(engine, save, args.games, args.players, args.seed, count=True):
        if result.problem:
            print("problem:", result.problem)
        if longest is None or result.actions > longest.actions:
            longest = result
    if args.load and longest is not None and longest.saved:
        meters.clear()  # only the table that loads the save
        measure_load(save, longest.saved, longest.actions)
    incl: Counter[str] = Counter()
    own: Counter[str] = Counter()
    for meter in meters:
        for k, v in meter["incl"].items():
            incl[name_of(k, modules)] += int(v)
        for k, v in meter["self"].items():
            own[name_of(k, modules)] += int(v)
    total = sum(own.values()) or 1
    print(f"{total * SAMPLE:,} instructions sampled (every {SAMPLE}) in handlers matching "
          f"'{args.handler}'")  # fmt: skip
    print(f"{'inclusive':>9} {'self':>6}  function (module:line)")
    for key, n in incl.most_common(args.top):
        print(f"{100 * n / total:8.1f}% {100 * own[key] / total:5.1f}%  {key}")
    print("most self:")
    for key, n in own.most_common(args.top):
        print(f"{100 * incl[key] / total:8.1f}% {100 * n / total:5.1f}%  {key}")


if __name__ == "__main__":
    main()
