"""Tiny Epic Mechs records: deal a seeded setup, play it with bots, summarize many games."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from generator.engines import selfplay
from generator.engines.selfplay import Played
from generator.games.tem.rules.bots import BOTS
from generator.games.tem.rules.engine import Engine
from generator.games.tem.rules.state import cell_id, layout_for


def deal(engine: Engine, players: int, rng: random.Random) -> dict[str, Any]:
    """A seeded setup: seats, the arena's zones, two pilots each, the weapon deck's order."""
    d = engine.d
    colors = list(d["game"]["seat_colors"][:players])
    rows = layout_for(d, players)
    cells = [cell_id(r, c) for r, row in enumerate(rows) for c, k in enumerate(row) if k == "R"]
    zones = [z["id"] for z in d["zones"]]
    rng.shuffle(zones)
    pilots = [p["id"] for p in d["pilots"]]
    rng.shuffle(pilots)
    weapons = [w["id"] for w in d["advanced"]]
    rng.shuffle(weapons)
    return {
        "players": colors,
        "arena": dict(zip(cells, zones, strict=False)),
        "pilots_dealt": {c: pilots[2 * i : 2 * i + 2] for i, c in enumerate(colors)},
        "weapons": weapons,
    }


def play(engine: Engine, setup: dict[str, Any], bots: list[str], rng: random.Random) -> Played:
    """Play a game to its end, seat i driven by the bot named bots[i]."""
    return selfplay.play(engine, setup, bots, rng, BOTS)


def run(
    engine: Engine, games: int, players: int, seed: int, bots: list[str], first: int = 0
) -> Iterator[Played]:
    """Play seeded games first..games-1; seat i is driven by bots[i % len(bots)]."""
    return selfplay.run(engine, deal, BOTS, games, players, seed, bots, first)


@dataclass(frozen=True)
class Summary:
    """What a batch of games showed: wins by seat and by pilot, what the bots chose."""

    games: int
    wins_by_seat: dict[str, float]
    wins_by_pilot: dict[str, tuple[float, int]]  # pilot -> (wins, games played)
    chosen: dict[str, int]  # "program:<id>", "buy:<id>", "pilot:<id>", "mech_side:<id>"
    mean_winning_vp: float

    def as_dict(self) -> dict[str, Any]:
        """Plain data (for --format json)."""
        return {
            "games": self.games,
            "wins_by_seat": self.wins_by_seat,
            "wins_by_pilot": {k: list(v) for k, v in self.wins_by_pilot.items()},
            "chosen": self.chosen,
            "mean_winning_vp": self.mean_winning_vp,
        }

    def text(self) -> str:
        """The summary as lines."""
        pilots = ", ".join(
            f"{p} {w / n:.0%} of {n}" for p, (w, n) in sorted(self.wins_by_pilot.items()) if n
        )
        return "\n".join([
            f"games: {self.games}",
            f"mean winning VP: {self.mean_winning_vp:.2f}",
            "win rate by seat (shared wins split): "
            + ", ".join(f"{c} {w / self.games:.0%}" for c, w in self.wins_by_seat.items()),
            f"win rate by pilot: {pilots}",
            "chosen: " + ", ".join(f"{k} {n}" for k, n in sorted(self.chosen.items())),
        ])  # fmt: skip


def summarize(engine: Engine, played: list[Played]) -> Summary:
    """Summarize finished games (a shared win counts 1/k for each of the k winners)."""
    seats: Counter[str] = Counter()
    pilot_wins: Counter[str] = Counter()
    pilot_games: Counter[str] = Counter()
    chosen: Counter[str] = Counter()
    winning = 0.0
    for game in played:
        final = game.final
        colors = [p["color"] for p in final["players"]]
        winners = [r["color"] for r in final["ranking"] if r["place"] == 1]
        winning += final["ranking"][0]["vp"]
        for p in final["players"]:
            pilot_games[p["pilot"]] += 1
            if p["color"] in winners:
                pilot_wins[p["pilot"]] += 1 / len(winners)
            for w in p["bought"]:
                chosen[f"buy:{w}"] += 1
        for c in winners:
            seats[f"seat {colors.index(c) + 1}"] += 1 / len(winners)
        for a in game.record["actions"]:
            if a["type"] == "program":
                for item in a["cards"]:
                    chosen[f"program:{item['card']}"] += 1
            elif a["type"] == "pilot":
                chosen[f"pilot:{a['pilot']}"] += 1
    n = len(played) or 1
    return Summary(
        len(played),
        {k: seats[k] for k in sorted(seats)},
        {p: (pilot_wins[p], pilot_games[p]) for p in sorted(pilot_games)},
        dict(chosen),
        winning / n,
    )
