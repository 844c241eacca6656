"""Whole games played at the headless table through what players can do, checked against Python.

Each game loads the built save in the emulator (generator.harness.tts), seats the players,
presses Start, keeps missions and then plays to the end with bots that only click buttons
their own colour can see (the emulator refuses anything else) while the table rolls the
dice. The bots choose with the Python engine's view of the game (the same choosers as
`ttsmod simulate`), and every decision the table shows is compared with what the Python
engine offers, label for label. At the end the record the table saved is replayed in
Python and the final states are compared.

`play_game` returns a `GameResult`; the first difference found is its `problem`, naming the
action and the field.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

from generator.engines.teg import canonical
from generator.engines.teg.bots import BOTS
from generator.engines.teg.engine import Engine
from generator.engines.teg.state import IllegalAction
from generator.harness.play import (
    GameResult,
    PlaytestError,
    chooser_for,
    click_option,
    first_difference,
    panel_options,
    seat_players,
)
from generator.harness.teg import secrets
from generator.harness.tts.emulator import Table

MAX_STEPS = 20_000  # clicks in one game before the playtest calls it stuck
ROLL_SECONDS = 30.0  # the longest a throw of the dice may take
SECRETS_EVERY = 20  # clicks between two looks at what every colour can read


def _status(t: Table) -> dict[str, Any]:
    return t.from_lua(t.call_in("-1", "tableStatus"))


def _record(t: Table) -> dict[str, Any]:
    return json.loads(t.call_in("-1", "onSave"))


def names_of(engine: Engine) -> dict[str, str]:
    """Mission and planet ids -> their names (what the secrets check looks for)."""
    data = engine.data
    return {m.id: m.name for m in data.missions} | {p.id: p.name for p in data.planets}


def check_secrets(t: Table, engine: Engine, state: Any = None) -> None:
    """Raise PlaytestError when some colour can read another's hidden fact (secrets.py)."""
    saved = json.loads(t.call_in("-1", "onSave"))
    missions = {m.id for m in engine.data.missions}
    found = secrets.leaks(t, secrets.facts_of(saved, state, names_of(engine), missions))
    if found:
        raise PlaytestError(found[0])


def play_game(
    engine: Engine,
    save: dict[str, Any],
    players: int,
    seed: int,
    index: int = 0,
    bot: str = "mixed",
    after_click: Callable[[Table, int], Table] | None = None,
    secrets_check: bool = True,
) -> GameResult:
    """Play one whole game at the headless table; see the module docstring.

    `after_click(table, clicks)` runs after every click and may return another table (one
    loaded from a save, rewound, with players moved): play goes on there, the bots' view
    taken again from the record that table holds. With `secrets_check`, what every colour
    can read is searched for the others' hidden facts after the deal, after each mission is
    kept and every SECRETS_EVERY clicks until the game ends.
    """
    result = GameResult(index, seed)
    rng = random.Random(f"playtest:{seed}:{index}")
    t = Table.load(save, seed=rng.randrange(2**31))
    result.table = t
    colors = list(engine.data.rules.seat_colors[:players])
    actions: list[Any] = []
    try:
        seat_players(t, colors)
        t.step()
        t.click(colors[0], "start:go")
        t.run_until(lambda: not _status(t)["starting"], 10)
        t.step()
        for color in colors:
            if secrets_check:
                check_secrets(t, engine)
            t.click(color, f"seat:{color}:opt:{rng.randint(1, engine.data.rules.missions_dealt)}")
            t.step()
        setup = _record(t)["setup"]
        state = engine.new_game(setup)
        t = _play(t, engine, state, actions, rng, bot, result, after_click, secrets_check)
    except (PlaytestError, IllegalAction, AssertionError) as err:
        result.problem = f"game {index + 1}, action {len(actions) + 1}: {err}"
    except Exception as err:  # a Lua error in a handler: report it with the game
        result.problem = f"game {index + 1}, action {len(actions) + 1}: {type(err).__name__}: {err}"
    t = result.table
    result.frames = t.frame
    result.record = _record(t)
    if result.problem is None:
        result.problem = _compare_end(t, engine, result.record, actions, index)
    return result


def _play(
    t: Table,
    engine: Engine,
    state: Any,
    actions: list[Any],
    rng: random.Random,
    bot: str,
    result: GameResult,
    after_click: Callable[[Table, int], Table] | None = None,
    secrets_check: bool = True,
) -> Table:
    looked = -1
    while not engine.is_over(state):
        if result.clicks > MAX_STEPS:
            raise PlaytestError(f"no end after {MAX_STEPS} clicks")
        if secrets_check and result.clicks % SECRETS_EVERY == 0 and result.clicks != looked:
            looked = result.clicks
            check_secrets(t, engine, state)
        status = _status(t)
        if status["rolling"]:
            result.rolls += 1
            t.run_until(lambda t=t: not _status(t)["rolling"], ROLL_SECONDS)
            t.step()
        else:
            path = list(status.get("path") or [])
            found = engine.choices(state, path)
            if found["complete"]:
                raise PlaytestError(f"the table holds a complete path {path} without applying it")
            decision = found["decision"]
            if decision["player"] != status["decider"]:
                raise PlaytestError(
                    f"the table waits for {status['decider']}, Python for {decision['player']}"
                )
            if "roll" in decision:
                raise PlaytestError("a roll is due but the table is not rolling")
            color = decision["player"]
            chosen = chooser_for(BOTS, bot, engine, state, rng)(decision)
            # A player who is not seated: the host decides for them in the host's panel.
            away = color not in t.seated()
            clicker = _host(t) if away else color
            shown = [text for _, text in _options(t, color, away)]
            labels = [o["label"] for o in decision["options"]]
            if not _same_options(shown, labels):
                raise PlaytestError(f"{color}'s panel shows {shown}, the rules offer {labels}")
            position = next(k for k, o in enumerate(decision["options"]) if o["id"] == chosen)
            click_option(t, clicker, labels[position], position, "proxy" if away else None)
            result.clicks += 1
            t.step()
            if chosen == "end_turn" and _confirming(t, color, away):
                # End turn with a die still usable asks first (lua/teg/table/model.lua); a
                # player who meant it says so.
                click_option(t, clicker, CONFIRM_END, 0, "proxy" if away else None)
                result.clicks += 1
                t.step()
            if after_click is not None:
                t = result.table = after_click(t, result.clicks)
                recorded = _record(t)["actions"]
                del actions[len(recorded) :]
                state = engine.new_game(_record(t)["setup"])
                for action in recorded:
                    state = engine.apply(state, action)
                actions[:] = recorded
        recorded = _status(t)["actions"]
        if recorded > len(actions):
            new = _record(t)["actions"][len(actions) :]
            for action in new:
                state = engine.apply(state, action)
                actions.append(action)
    return t


CONFIRM_END = "End my turn"


def _host(t: Table) -> str:
    return next(p.color for p in t.players.values() if p.host)


def _options(t: Table, color: str, away: bool) -> list[tuple[str, str]]:
    """The options offered for `color`: in their panel, or in the host's when away."""
    return panel_options(t, _host(t), "proxy") if away else panel_options(t, color)


def _confirming(t: Table, color: str, away: bool = False) -> bool:
    return [text for _, text in _options(t, color, away)] == [CONFIRM_END, "Keep playing"]


def _same_options(shown: list[str], labels: list[str]) -> bool:
    """The panel shows the rules' options in order (a page of them when there are many)."""
    plain = [s for s in shown if not s.startswith("More options")]
    if len(plain) == len(shown):
        return plain == labels
    return any(labels[k : k + len(plain)] == plain for k in range(len(labels)))


def _compare_end(
    t: Table, engine: Engine, record: dict[str, Any], actions: list[Any], index: int
) -> str | None:
    try:
        state = engine.new_game(record["setup"])
        for k, action in enumerate(record["actions"]):
            state = engine.apply(state, action)
            if k < len(actions) and canonical(action) != canonical(actions[k]):
                return f"game {index + 1}, action {k + 1}: the record differs from the actions seen"
    except IllegalAction as err:
        return f"game {index + 1}: Python refuses the table's record: {err}"
    lua_state = json.loads(t.call_in("-1", "stateText"))
    where = first_difference(json.loads(canonical(state)), lua_state)
    if where is not None:
        n = len(record["actions"])
        return f"game {index + 1}, after action {n}: the final state differs at {where}"
    if not engine.is_over(state):
        return f"game {index + 1}: the table's game did not end"
    return None


def run(
    engine: Engine,
    save: dict[str, Any],
    games: int,
    players: int,
    seed: int,
    bot: str = "mixed",
) -> Iterator[GameResult]:
    """Play `games` seeded games (game i has its own seed, so any one can be replayed alone)."""
    for index in range(games):
        yield play_game(engine, save, players, seed, index, bot)
