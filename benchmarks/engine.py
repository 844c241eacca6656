"""Benchmark the Python rules engine (not a test): run `python benchmarks/engine.py`.

Prints, for 4-player games driven by the random and the greedy bot:
- engine actions/s: the choices along each action's path (one call per decision) plus
  apply(state, action), over pre-played records (the bots' own thinking is not counted);
- complete games/s: whole self-play games, bots included (the bots choose step by step).
Single process, single core. Goals: at least 10,000 engine actions/s; `ttsmod simulate teg
--games 200 --players 4` (greedy bots) under 10 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from generator.games.teg.rules import load_engine
from generator.games.teg.rules.records import deal, play


def records(engine, bot, players, games, seed):
    out = []
    for i in range(games):
        rng = random.Random(f"bench:{seed}:{bot}:{i}")
        out.append(play(engine, deal(engine, players, rng), [bot] * players, rng))
    return out


def engine_rate(engine, played):
    paths = []
    for game in played:
        state = engine.new_game(game.record["setup"])
        for action in game.record["actions"]:
            paths.append((state, action, engine.path_of(state, action)))
            state = engine.apply(state, action)
    decisions = 0
    start = time.perf_counter()
    for state, action, path in paths:
        for k in range(len(path)):
            engine.choices(state, path[:k])
        decisions += len(path)
        engine.apply(state, action)
    elapsed = time.perf_counter() - start
    return len(paths) / elapsed, len(paths), decisions / len(paths)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20, help="games per bot")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    engine = load_engine()
    print(f"python engine, {args.players} players, {args.games} games per bot, one core")
    start = time.perf_counter()
    records(engine, "greedy", 4, 200, args.seed)
    print(f"200 greedy 4-player games (as ttsmod simulate): {time.perf_counter() - start:.1f} s")
    for bot in ("greedy", "random"):
        games = args.games if bot == "greedy" else max(1, args.games // 5)
        start = time.perf_counter()
        played = records(engine, bot, args.players, games, args.seed)
        games_per_s = games / (time.perf_counter() - start)
        # Best of three: this machine's clock is shared and noisy; the best run is the one
        # least disturbed.
        rate, actions, mean_listed = max(engine_rate(engine, played) for _ in range(3))
        lengths = [len(g.record["actions"]) for g in played]
        print(
            f"{bot:>6}: {rate:8.0f} engine actions/s ({actions} actions, "
            f"{mean_listed:.1f} decisions per action); "
            f"{games_per_s:6.2f} complete games/s "
            f"(median {statistics.median(lengths):.0f} actions per game)"
        )


if __name__ == "__main__":
    main()
