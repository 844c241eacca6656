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

from generator.engines.steps import chance
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


# The table's bot levels draw their chance from a Park-Miller generator, which Lua and
# Python compute alike in doubles (every product stays below 2^53): the twins choose the same.
MODULUS = 2147483647


def draw(x0: int, depth: int) -> int:
    """The pseudo-random number a bot uses at the decision `depth` answers into its action.

    `x0` is the action's seed (1..MODULUS-1): the table draws it with TTS's randomness, self-play
    from the game's seeded generator.
    """
    y = (x0 + depth * 7919) % (MODULUS - 1) + 1
    y = y * 16807 % MODULUS
    return y * 16807 % MODULUS


def decide(
    level: str,
    value: Callable[..., int],
    know: Any,
    view: Any,
    decision: dict[str, Any],
    path: list[str],
    x0: int,
) -> str:
    """A bot level's answer to `decision`, from its own colour's `view` alone.

    `path`: its answers so far in this action. The easy level answers one decision in two
    with an option drawn at random; otherwise (and at the strong level always) the option
    `value` likes best, the first offered among equals (docs/bots.md).
    """
    options = decision["options"]
    if level == "easy":
        y = draw(x0, len(path))
        if y % 2 == 0:
            return str(options[(y // 2) % len(options)]["id"])
    best = str(options[0]["id"])
    top = value(know, view, decision, path, best)
    for option in options[1:]:
        v = value(know, view, decision, path, option["id"])
        if v > top:
            best, top = str(option["id"]), v
    return best


def level_bot(
    level: str,
    know: Callable[[Any], Any],
    value: Callable[..., int],
    roll: Callable[[Any, dict[str, Any], random.Random], str] | None = None,
) -> Any:
    """A bot (engine, state, rng) -> chooser for a table level, reading its colour's view only.

    `know(engine)` looks the card facts up once per engine; `value(know, view, decision,
    path, option)` is the level's liking for an option, a whole number; `roll(engine,
    decision, rng)` answers a chance decision (the dice the table throws for a bot).
    """
    facts: dict[int, Any] = {}

    def bot(engine: Any, s: Any, rng: random.Random) -> Any:
        if id(engine) not in facts:
            facts.clear()
            facts[id(engine)] = know(engine)
        k = facts[id(engine)]
        x0 = rng.randrange(1, MODULUS)
        path: list[str] = []
        views: dict[str, Any] = {}

        def choose(decision: dict[str, Any]) -> str:
            if decision["name"] == "player" and decision["player"] is None:
                return str(engine.to_act(s))  # a simultaneous phase: the bot plays its seat
            if chance(decision) and roll is not None:  # chance: the table's, not the bot's
                return roll(engine, decision, rng)
            who = str(decision["player"] or engine.to_act(s))
            if who not in views:
                views[who] = engine.view(s, who)
            answer = decide(level, value, k, views[who], decision, path, x0)
            path.append(answer)
            return answer

        choose.seed = x0  # type: ignore[attr-defined]
        choose.path = path  # type: ignore[attr-defined]  # (a table's path so far: playtest)
        return choose

    def twin(engine: Any, s: Any, color: str, decision: dict[str, Any], path: list[str],
             x0: int) -> str:  # fmt: skip
        """What this level answers for `color` at `decision` (the table's bot step)."""
        if id(engine) not in facts:
            facts.clear()
            facts[id(engine)] = know(engine)
        return decide(level, value, facts[id(engine)], engine.view(s, color), decision, path, x0)

    bot.twin = twin  # type: ignore[attr-defined]
    return bot


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
    first: int = 0,
) -> Iterator[Played]:
    """Play games first..games-1 (game i from game_rng(seed, i)); seat i is seat_bots[i % n]."""
    seats = [seat_bots[i % len(seat_bots)] for i in range(players)]
    for index in range(first, games):
        rng = game_rng(seed, index)
        yield play(engine, deal(engine, players, rng), seats, rng, bots)


@dataclass(frozen=True)
class Batch:
    """A run of seeded self-play games as plain data, so every process can play its share."""

    source: str  # a game id or a card folder (read and checked by the caller first)
    game: str
    players: int
    seed: int
    bots: list[str]


def _ready(batch: Batch) -> tuple[Batch, Any]:
    from generator import cards, games

    report = cards.validate(batch.source, batch.game)
    return batch, games.get(batch.game).engine(report.own_data)


def _play(ready: tuple[Batch, Any], index: int) -> Any:
    from generator import games

    batch, engine = ready
    rules = games.get(batch.game)
    (played,) = rules.simulate(engine, index + 1, batch.players, batch.seed, batch.bots, index)
    return played


def play_games(batch: Batch, games: int, jobs: int = 1) -> Iterator[Any]:
    """The batch's games 0..games-1 over `jobs` processes, in order (the same whatever `jobs`)."""
    from generator.harness.spread import in_order

    return in_order(games, jobs, _ready, (batch,), _play)


@dataclass(frozen=True)
class Summary:
    """What a batch of games showed, for any game: length and wins by seat."""

    games: int
    mean_rounds: float
    mean_actions: float
    wins_by_seat: dict[str, int]

    def as_dict(self) -> dict[str, Any]:
        """Plain data (for --format json)."""
        return {"games": self.games, "mean_rounds": self.mean_rounds,
                "mean_actions": self.mean_actions, "wins_by_seat": self.wins_by_seat}  # fmt: skip

    def text(self) -> str:
        """The summary as a few readable lines."""
        return "\n".join([
            f"games: {self.games}",
            f"mean rounds: {self.mean_rounds:.2f}, mean actions: {self.mean_actions:.1f}",
            "wins by seat (shared wins count for each): "
            + ", ".join(f"{c} {n}" for c, n in self.wins_by_seat.items()),
        ])  # fmt: skip


def summarize(played: list[Played], winners: Callable[[Any], list[str]]) -> Summary:
    """Summarize finished games; `winners(final)` names a game's winners."""
    wins = {p["color"]: 0 for p in played[0].final["players"]} if played else {}
    for game in played:
        for color in winners(game.final):
            wins[color] = wins.get(color, 0) + 1
    n = max(1, len(played))
    return Summary(
        len(played),
        sum(g.final.get("round", 0) for g in played) / n,
        sum(len(g.record["actions"]) for g in played) / n,
        wins,
    )
