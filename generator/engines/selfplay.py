"""Self-play for any game: bots answer every decision, a game's record is kept, many games run.

A bot is a function (engine, state, rng) -> a chooser of option ids. In a simultaneous phase
the first decision (`player`: which player's action this is) is answered with the player the
engine says acts next, so that each bot plays only its own seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from generator.games import game_rng

Record = dict[str, Any]
# A bot game longer than this is a bug in the rules (every game must end), not a long game.
MAX_ACTIONS = 100_000


@dataclass(frozen=True)
class Played:
    """A finished self-play game: its record and final state."""

    record: Record
    final: Any


def best_option(decision: dict[str, Any], value: Callable[[str], float], rng: random.Random) -> str:
    """The id of the option `value` likes best (ties broken by the rng)."""
    best: list[str] = []
    top = float("-inf")
    for option in decision["options"]:
        v = value(option["id"])
        if v > top:
            best, top = [option["id"]], v
        elif v == top:
            best.append(option["id"])
    return str(rng.choice(best))


def play(
    engine: Any,
    setup: dict[str, Any],
    seats: list[str],
    rng: random.Random,
    bots: dict[str, Callable[..., Any]],
) -> Played:
    """Play a game to its end, seat i driven by the bot named seats[i]."""
    s = engine.new_game(setup)
    colors = [p["color"] for p in s["players"]]
    actions = []
    while not engine.is_over(s):
        if len(actions) >= MAX_ACTIONS:
            raise RuntimeError(f"game did not end after {MAX_ACTIONS} actions")
        who = str(engine.to_act(s))
        chooser = bots[seats[colors.index(who)]](engine, s, rng)

        def answer(decision: dict[str, Any], chooser: Any = chooser, who: str = who) -> str:
            if decision["name"] == "player" and decision["player"] is None:
                return who
            return str(chooser(decision))

        action, _ = engine.play(s, answer)
        s = engine.apply(s, action)
        actions.append(action)
    return Played({"game": s["game"], "setup": setup, "actions": actions}, s)


def run(
    engine: Any,
    deal: Callable[[Any, int, random.Random], dict[str, Any]],
    bots: dict[str, Callable[..., Any]],
    games: int,
    players: int,
    seed: int,
    seat_bots: list[str],
) -> Iterator[Played]:
    """Play `games` seeded games (game i from game_rng(seed, i)); seat i is seat_bots[i % n]."""
    seats = [seat_bots[i % len(seat_bots)] for i in range(players)]
    for index in range(games):
        rng = game_rng(seed, index)
        yield play(engine, deal(engine, players, rng), seats, rng, bots)
