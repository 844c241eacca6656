"""Benchmark the table's bots: how often each level wins two-player games against another.

Run `.venv/bin/python benchmarks/bots.py` (not a test; prints figures). For each game and
pairing, GAMES seeded two-player games by self-play in Python (the Lua bots are the Python
ones' twins: `ttsmod crosscheck GAME --bot strong,easy` proves it), half with each bot
starting in the first seat. A shared first place counts half a win to each. Printed: the
first bot's win rate with its 95% Wilson interval. Goals (docs/bots.md): strong beats random
in at least 90% of games and easy in at least 70%.
"""

from __future__ import annotations

import argparse
import math
import time

from generator import games
from generator.engines import selfplay

PAIRINGS = [("strong", "random"), ("strong", "easy"), ("easy", "random")]
GOALS = {("strong", "random"): 0.90, ("strong", "easy"): 0.70}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate `wins / n`."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def winners(game: str, final: dict) -> list[str]:
    """The colours in first place at the end."""
    ranking = final["ranking"]
    if game == "teg":
        return list(ranking[0])
    return [r["color"] for r in ranking if r["place"] == 1]


def pairing(game: str, first: str, second: str, count: int, seed: int) -> float:
    """Wins of `first` over `count` two-player games against `second` (half each seat)."""
    rules = games.get(game)
    engine = rules.engine()
    bots = rules.bots()
    wins = 0.0
    for seats in ([first, second], [second, first]):
        half = count // 2 if seats[0] == first else count - count // 2
        for played in selfplay.run(engine, rules.deal, bots, half, 2, seed, seats):
            colors = [p["color"] for p in played.final["players"]]
            top = winners(game, played.final)
            wins += sum(1 for c in top if seats[colors.index(c)] == first) / len(top)
        seed += 1  # the second half plays other deals
    return wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pairing per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("game", nargs="*", default=games.ids())
    args = parser.parse_args()
    print(f"{'game':<5} {'pairing':<18} {'games':>6} {'win rate':>9} {'95% interval':>16}  goal")
    for game in args.game:
        for first, second in PAIRINGS:
            start = time.perf_counter()
            wins = pairing(game, first, second, args.games, args.seed)
            low, high = wilson(wins, args.games)
            goal = GOALS.get((first, second))
            verdict = "" if goal is None else f">= {goal:.0%}: " + (
                "met" if low >= goal else "met (interval reaches below)" if wins / args.games
                >= goal else "NOT MET"
            )  # fmt: skip
            took = time.perf_counter() - start
            print(f"{game:<5} {first + ' v ' + second:<18} {args.games:>6} "
                  f"{wins / args.games:>9.1%} {f'{low:.1%} - {high:.1%}':>16}  {verdict}"
                  f"  ({took:.0f} s)")  # fmt: skip


if __name__ == "__main__":
    main()
