"""Seeded self-play: many games between bots, and a summary a designer can read.

Game i of a run with seed S uses its own generator seeded "S:i", so any single game can be
replayed or regenerated without the others, and the same seed gives the same output.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from statistics import mean
from typing import Any

from generator.engines import selfplay
from generator.games.teg.rules.bots import BOTS
from generator.games.teg.rules.engine import Engine
from generator.games.teg.rules.records import Played, deal


def run(
    engine: Engine, games: int, players: int, seed: int, bots: list[str], first: int = 0
) -> Iterator[Played]:
    """Play seeded games first..games-1; seat i is driven by bots[i % len(bots)]."""
    return selfplay.run(engine, deal, BOTS, games, players, seed, bots, first)


@dataclass(frozen=True)
class Summary:
    """What a batch of games showed."""

    games: int
    mean_rounds: float
    mean_winning_vp: float
    wins_by_seat: dict[str, int]
    missions: dict[str, tuple[int, int]]  # id -> (times held, times scored)
    colonized: dict[str, int]  # planet id -> games in which it was colonized

    def as_dict(self) -> dict[str, Any]:
        """Plain data (for --format json)."""
        return {
            "games": self.games,
            "mean_rounds": self.mean_rounds,
            "mean_winning_vp": self.mean_winning_vp,
            "wins_by_seat": self.wins_by_seat,
            "missions": {k: {"held": h, "scored": s} for k, (h, s) in self.missions.items()},
            "colonized": self.colonized,
        }

    def text(self) -> str:
        """The summary as a few readable lines."""
        lines = [
            f"games: {self.games}",
            f"mean rounds: {self.mean_rounds:.2f}",
            f"mean winning VP: {self.mean_winning_vp:.2f}",
            "wins by seat (shared wins count for each): "
            + ", ".join(f"{c} {n}" for c, n in self.wins_by_seat.items()),
            "missions (scored/held): "
            + ", ".join(f"{m} {s}/{h}" for m, (h, s) in self.missions.items() if h),
            "colonized in how many games: "
            + ", ".join(f"{p} {n}" for p, n in sorted(self.colonized.items(), key=_by_count)),
        ]
        return "\n".join(lines)


def _by_count(item: tuple[str, int]) -> tuple[int, str]:
    return (-item[1], item[0])


def summarize(engine: Engine, played: list[Played]) -> Summary:
    """Summarize finished games."""
    wins: Counter[str] = Counter()
    held: Counter[str] = Counter()
    scored: Counter[str] = Counter()
    colonized: Counter[str] = Counter()
    winning_vp = []
    rounds = []
    for game in played:
        final = game.final
        rounds.append(final["round"])
        winners = final["ranking"][0]
        wins.update(winners)
        winning_vp.append(max(p["vp"] for p in final["players"]))
        for p in final["players"]:
            colonized.update(p["colonies"])
            if p["mission"]:
                held[p["mission"]] += 1
                scored[p["mission"]] += p["mission_vp"] > 0
    colors = list(engine.data.rules.seat_colors)
    return Summary(
        games=len(played),
        mean_rounds=round(mean(rounds), 4) if rounds else 0.0,
        mean_winning_vp=round(mean(winning_vp), 4) if winning_vp else 0.0,
        wins_by_seat={c: wins[c] for c in colors if c in wins or _seated(played, c)},
        missions={m.id: (held[m.id], scored[m.id]) for m in engine.data.missions},
        colonized={p.id: colonized[p.id] for p in engine.data.planets},
    )


def _seated(played: list[Played], color: str) -> bool:
    return bool(played) and color in played[0].record["setup"]["players"]
