"""Benchmark the Python rules engine (not a test): run `python benchmarks/engine.py`.

Prints, for 4-player games driven by the random and the greedy bot:
- engine actions/s: legal_actions(state) + apply(state, action) over pre-played records
  (the bots' own thinking is not counted);
- complete games/s: whole self-play games, bots included.
Single process, single core. Goal: at least 10,000 engine actions/s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from generator.engines.teg import load_engine
from generator.engines.teg.records import deal, play


def records(engine, bot, players, games, seed):
    out = []
    for i in range(games):
        rng = random.Random(f"bench:{seed}:{bot}:{i}")
        out.append(play(engine, deal(engine, players, rng), [bot] * players, rng))
    return out


def engine_rate(engine, played):
    actions = 0
    listed = 0
    start = time.perf_counter()
    for game in played:
        state = engine.new_game(game.record["setup"])
        for action in game.record["actions"]:
            listed += len(engine.legal_actions(state))
            state = engine.apply(state, action)
            actions += 1
    elapsed = time.perf_counter() - start
    return actions / elapsed, actions, listed / actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20, help="games per bot")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    engine = load_engine()
    print(f"python engine, {args.players} players, {args.games} games per bot, one core")
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
            f"{mean_listed:.0f} legal actions listed on average); "
            f"{games_per_s:6.2f} complete games/s "
            f"(median {statistics.median(lengths):.0f} actions per game)"
        )


if __name__ == "__main__":
    main()
