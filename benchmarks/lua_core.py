"""Benchmark the Lua rules core under lupa (Lua 5.2, MoonSharp profile): not a test.

Run `.venv/bin/python benchmarks/lua_core.py`. Prints:
- Lua core actions/s (legal_actions + apply) next to the Python engine on the same records;
- per-call latency p50/p99/max of apply and of legal_actions on 4-player mid-game states
  (rounds 3 and later), timed inside Lua with os.clock, so Python and lupa overheads are out;
- cross-check games/s (both engines, states compared after every action).
Goals: p99 below 1 ms (MoonSharp in TTS is several times slower than PUC Lua), and Lua at
least as fast as the Python engine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from generator.engines.teg import canonical, load_engine
from generator.engines.teg.records import deal, play
from generator.harness.crosscheck import Pair, crosscheck
from generator.harness.lua_engine import LuaEngine

TIMER = """
local json = require("lib.json")
local Engine = require("teg.core.engine")
local game = Engine.new(require("teg.data"))
return function(states_text, actions_text)
  local states, actions = json.decode(states_text), json.decode(actions_text)
  local applies, lists, counted = {}, {}, 0
  for i, state in ipairs(states) do
    local t0 = os.clock()
    local list = game.legal_actions(state)
    local t1 = os.clock()
    local nxt = game.apply(state, actions[i])
    local t2 = os.clock()
    assert(nxt, "a recorded action was refused")
    lists[i], applies[i] = t1 - t0, t2 - t1
    counted = counted + #list
  end
  return table.concat(applies, ","), table.concat(lists, ","), counted
end
"""


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    python = load_engine()
    played = []
    for i in range(args.games):
        rng = random.Random(f"lua-bench:{args.seed}:{i}")
        played.append(play(python, deal(python, 4, rng), ["greedy"] * 4, rng).record)

    # Mid-game states (round 3 on) and the action taken from each, as JSON for the Lua side.
    states, actions = [], []
    for record in played:
        state = python.new_game(record["setup"])
        for action in record["actions"]:
            if state["round"] >= 3:
                states.append(state)
                actions.append(action)
            state = python.apply(state, action)

    from generator.harness.moonsharp import runtime
    from generator.luabuild.bundle import Module, collect, write_bundle
    from generator.luabuild.scripts import shipped_data_module
    from generator.paths import ROOT

    bundle = write_bundle(
        collect(
            Module("__root", TIMER, "<bench>"), ROOT / "lua", {"teg.data": shipped_data_module()}
        )
    )
    timer = runtime(args.seed).execute(bundle.text)
    best = None
    for _ in range(3):  # best of three: the machine's clock is shared and noisy
        start = time.perf_counter()
        applies, lists, _count = timer(canonical(states), canonical(actions))
        wall = time.perf_counter() - start
        if best is None or wall < best[0]:
            best = (wall, applies, lists)
    wall, applies, lists = best
    apply_ms = [float(x) * 1000 for x in applies.split(",")]
    list_ms = [float(x) * 1000 for x in lists.split(",")]
    lua_rate = len(states) / (sum(apply_ms) + sum(list_ms)) * 1000

    py_best = None
    for _ in range(3):
        start = time.perf_counter()
        for state, action in zip(states, actions, strict=True):
            python.legal_actions(state)
            python.apply(state, action)
        elapsed = time.perf_counter() - start
        py_best = elapsed if py_best is None else min(py_best, elapsed)
    py_rate = len(states) / py_best

    print(f"{len(states)} mid-game states from {args.games} 4-player greedy games")
    print(f"lua core:      {lua_rate:8.0f} actions/s (legal_actions + apply, timed in Lua)")
    print(f"python engine: {py_rate:8.0f} actions/s (same states and actions)")
    for name, values in (("apply", apply_ms), ("legal_actions", list_ms)):
        print(
            f"{name:>14}: p50 {statistics.median(values):.3f} ms, "
            f"p99 {percentile(values, 0.99):.3f} ms, max {max(values):.3f} ms"
        )
    pair = Pair(python, LuaEngine(seed=args.seed))
    start = time.perf_counter()
    games = list(crosscheck(pair, args.games, args.seed, [2, 3, 4, 5], ["greedy"]))
    rate = len(games) / (time.perf_counter() - start)
    assert not [g for g in games if g.divergence], "the engines disagree"
    print(f"cross-check:   {rate:8.2f} games/s (greedy bots, 2-5 players, states compared)")


if __name__ == "__main__":
    main()
