"""Benchmark Tiny Epic Mechs: the Lua core's cost, the cross-check's speed, the data's balance.

Run `.venv/bin/python benchmarks/tem.py` (not a test; prints figures). Three parts:
- Lua VM instructions (count hook under the MoonSharp profile, string scans charged) of one
  `choices` call at every decision of every action, and of `apply`, over seeded 2-4 player
  games (greedy and random). Goals (issue 19): choices p99 <= 10,000 and max <= 24,000;
  apply p99 <= 24,000.
- `ttsmod crosscheck tem`'s engine: --crosscheck N games, both engines, every decision
  compared (goal: 1,000 games in under 120 s, 0 divergences).
- Balance by self-play (--balance N greedy games, 2-4 players): win rates by seat and by
  pilot, and how often each program card, weapon, pilot and Mech side was chosen when it
  could have been; a choice the greedy bot always or never makes is flagged.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from typing import Any

from generator.engines.errors import canonical
from generator.games import game_rng
from generator.games.tem.rules import load_engine
from generator.games.tem.rules.records import deal, play
from generator.harness.moonsharp import counting_runtime
from generator.luabuild.bundle import Module, collect, write_bundle
from generator.luabuild.scripts import shipped_data_module
from generator.paths import ROOT

ROOT_MODULE = """
local json = require("lib.json")
local game = require("tem.core.engine").new(require("tem.data"))
local B = {}
function B.decode(text) return json.decode(text) end
function B.choices(state, path) return game.choices(state, path) end
function B.apply(state, action) return game.apply(state, action) end
return B
"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def lua_costs(games: int, seed: int) -> None:
    engine = load_engine()
    root = Module("__root", ROOT_MODULE, "<benchmark>")
    bundle = write_bundle(collect(root, ROOT / "lua", {"tem.data": shipped_data_module("tem")}))
    lua, count = counting_runtime(seed)
    bench = lua.execute(bundle.text)
    choice_counts: list[int] = []
    apply_counts: list[int] = []
    for index in range(games):
        rng = game_rng(seed, index)
        n = 2 + index % 3
        bots = ["greedy" if index % 2 == 0 else "random"] * n
        played = play(engine, deal(engine, n, rng), bots, rng)
        state = engine.new_game(played.record["setup"])
        for action in played.record["actions"]:
            path = engine.path_of(state, action)
            lstate = bench.decode(canonical(state))
            for k in range(len(path) + 1):
                lpath = bench.decode(canonical(path[:k]))
                choice_counts.append(count(bench.choices, lstate, lpath)[0])
            apply_counts.append(count(bench.apply, lstate, bench.decode(canonical(action)))[0])
            state = engine.apply(state, action)
    print(f"Lua core over {games} games: {len(choice_counts)} choices calls, "
          f"{len(apply_counts)} applies (instructions, scans charged)")  # fmt: skip
    for name, counts, goal in (
        ("choices", choice_counts, "p99 <= 10,000, max <= 24,000"),
        ("apply", apply_counts, "p99 <= 24,000"),
    ):
        print(
            f"{name:>8}: p50 {statistics.median(counts):7.0f}  p99 {percentile(counts, 0.99):7.0f}"
            f"  max {max(counts):7.0f}   goal {goal}"
        )


def crosscheck_speed(games: int, seed: int) -> None:
    from generator.harness.crosscheck import Pair, crosscheck
    from generator.harness.lua_engine import LuaEngine

    pair = Pair(load_engine(), LuaEngine(seed=seed, game="tem"), game="tem")
    start = time.perf_counter()
    actions = divergences = 0
    for result in crosscheck(pair, games, seed, [2, 3, 4], ["greedy", "random"]):
        actions += result.actions
        divergences += result.divergence is not None
    took = time.perf_counter() - start
    print(f"crosscheck: {games} games, {actions} actions, {divergences} divergences, "
          f"{took:.1f} s (goal: 1,000 games < 120 s)")  # fmt: skip


def balance(games: int, seed: int) -> None:
    engine = load_engine()
    offered: Counter[str] = Counter()
    taken: Counter[str] = Counter()
    seat_wins: Counter[str] = Counter()
    pilot_wins: Counter[str] = Counter()
    pilot_games: Counter[str] = Counter()
    kinds = {"program": "program", "buy": "weapon", "pilot": "pilot", "mech_side": "side",
             "ad_hoc_card": "program"}  # fmt: skip
    for index in range(games):
        rng = random.Random(f"balance:{seed}:{index}")
        n = 2 + index % 3
        setup = deal(engine, n, rng)
        s = engine.new_game(setup)
        colors = [p["color"] for p in s["players"]]
        from generator.games.tem.rules.bots import greedy_bot

        while not engine.is_over(s):
            who = str(engine.to_act(s))
            bot = greedy_bot(engine, s, rng)

            def answer(d: dict[str, Any], bot: Any = bot, who: str = who) -> str:
                if d["name"] == "player":
                    return who
                pick = str(bot(d))
                kind = kinds.get(d["name"])
                if kind:
                    for o in d["options"]:
                        offered[f"{kind}:{o['id']}"] += 1
                    taken[f"{kind}:{pick}"] += 1
                return pick

            action, _ = engine.play(s, answer)
            s = engine.apply(s, action)
        winners = [r["color"] for r in s["ranking"] if r["place"] == 1]
        for p in s["players"]:
            pilot_games[p["pilot"]] += 1
            if p["color"] in winners:
                pilot_wins[p["pilot"]] += 1 / len(winners)
        for c in winners:
            seat_wins[f"{n}p seat {colors.index(c) + 1}"] += 1 / len(winners)
    print(f"balance over {games} greedy games (2-4 players):")
    per_count = Counter(
        {f"{n}p": sum(1 for i in range(games) if 2 + i % 3 == n) for n in (2, 3, 4)}
    )
    seats = [f"{k} {v / per_count[k.split()[0]]:.0%}" for k, v in sorted(seat_wins.items())]
    print("  win rate by seat: " + ", ".join(seats))
    rates = [f"{p} {pilot_wins[p] / pilot_games[p]:.0%}" for p in sorted(pilot_games)]
    print("  win rate by pilot: " + ", ".join(rates))
    flagged = []
    for key in sorted(offered):
        rate = taken[key] / offered[key]
        if rate in (0.0, 1.0):
            flagged.append(f"{key} ({'never' if rate == 0 else 'always'}, offered {offered[key]})")
    print(f"  choices the greedy bot always or never makes: {len(flagged)}")
    for line in flagged:
        print(f"    {line}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games for the Lua costs")
    parser.add_argument("--crosscheck", type=int, default=1000)
    parser.add_argument("--balance", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    lua_costs(args.games, args.seed)
    crosscheck_speed(args.crosscheck, args.seed)
    balance(args.balance, args.seed)


if __name__ == "__main__":
    main()
