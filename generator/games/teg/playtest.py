"""Tiny Epic Galaxies at the headless table: what its playtest adds to the shared driver.

The driver (generator/harness/playtest.py) plays whole games through the UI and checks them
against the Python engine. This game adds its seats, the question its table asks before
End turn while a die could still be used, and its secrets: each player's secret missions
(the two dealt, then the one kept), which missions are in play at all (a search of a deck
holding the others would narrow a rival's down), and the planet deck's order.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from generator.games.teg.rules.bots import BOTS
from generator.games.teg.rules.engine import Engine
from generator.harness import flow, secrets
from generator.harness.play import panel_options, seat_players  # noqa: F401 - tests use them
from generator.harness.playtest import Hooks, Runner, record_of, settle  # noqa: F401
from generator.i18n import tr


def names_of(engine: Engine) -> dict[str, str]:
    """Mission and planet ids -> their names (what the secrets check looks for)."""
    data = engine.data
    return {m.id: m.name for m in data.missions} | {p.id: p.name for p in data.planets}


def _terms(ids: list[str], names: dict[str, str]) -> set[str]:
    return {t for i in ids for t in (i, names.get(i, i))}


def facts_of(
    engine: Engine, saved: dict[str, Any] | None, state: Any, _shown: Any = None
) -> secrets.Facts:
    """The hidden facts of a table now.

    From what its onSave returned (the missions being chosen, or the record) and its state
    (the deck still to deal).
    """
    names = names_of(engine)
    missions = {m.id for m in engine.data.missions}
    facts = secrets.Facts(unsearchable={t for i in missions for t in (i, names[i])},
                          deck="planet deck", secret="mission ")  # fmt: skip
    if saved is None or (state is not None and state.get("phase") == "over"):
        return secrets.Facts()  # at the end the missions are revealed
    dealing = saved.get("dealing")
    if dealing is not None:
        for color, offer in dealing["offers"].items():
            facts.private[color] = _terms(offer, names)
        deck = dealing["setup"]["deck"]
    else:
        for color, mission in saved["setup"].get("missions", {}).items():
            facts.private[color] = _terms([mission], names)
        deck = state["deck"] if state else []
    facts.upcoming = [_terms([p], names) for p in deck]
    return facts


# --- the flow (lua/teg/table/flow.lua and words.lua say the same) -----------------------------

LOOK = frozenset({"type", "die", "colony"})


def _window(d: dict[str, Any]) -> bool:
    ids = {o["id"] for o in d["options"]}
    return d["name"] == "type" and {"follow", "pass"} <= ids


def _turn_key(state: Any) -> str:
    return f"pass:{state['round']}:{state['active']}"


@cache
def _names() -> frozenset[str]:
    """The seat colours and the first word of each planet's name (words.lua's NAMES)."""
    from generator.games import get

    data = get("teg").engine().data
    firsts = {(re.match(r"[A-Za-z0-9-]+", p.name) or [p.name])[0] for p in data.planets}
    return frozenset({*data.rules.seat_colors, *firsts})


def lower_first(label: str) -> str:
    """A label after a colon in sentence case, unless it starts with a planet's name."""
    first = re.match(r"[A-Za-z0-9-]+", label)
    if first is not None and first.group(0) in _names():
        return label
    return label[:1].lower() + label[1:]


def compose(steps: list[flow.Step]) -> str:
    """An entry's words: its labels, the die listed in place of "Activate a die" alone."""
    shown = [s.label for s in steps if not s.inlined] or [steps[-1].label]
    text = shown[0]
    for i, label in enumerate(shown[1:]):
        said = {"text": text, "next": lower_first(label)}
        text = tr("{text}: {next}", **said) if i == 0 else tr("{text}, {next}", **said)
    return text


def extras(engine: Engine, state: Any, d: dict[str, Any], menu: list[flow.Entry]) -> list[Any]:
    """A follow window's "Not this turn": pass now and in every window of this turn."""
    if not _window(d):
        return []
    passing = next(e for e in menu if e.steps[0].id == "pass")
    label = tr("Not this turn (pass every die of {player}'s turn)", player=state["active"])
    return [flow.Entry(passing.steps, label, passing.complete, passing.result,
                       _turn_key(state))]  # fmt: skip


def auto(
    engine: Engine, state: Any, shown: Any, color: str, d: dict[str, Any], prefs: flow.Prefs
) -> tuple[str, str] | None:
    """The table passes for a player whose switch is on, or who said "Not this turn"."""
    if not _window(d):
        return None
    if color in prefs.auto:
        return "pass", "auto"
    if prefs.hold.get(color) == _turn_key(state):
        return "pass", "hold"
    return None


def confirm(d: dict[str, Any], entry: flow.Entry, depth: int) -> tuple[str, str] | None:
    """End turn while a die could still be used asks first."""
    ids = {o["id"] for o in d["options"]}
    if entry.steps[0].id == "end_turn" and depth == 0 and "activate" in ids:
        return tr("End my turn"), tr("Keep playing")
    return None


FLOW = flow.Game(
    label=lambda engine, state, d, o: str(o["label"]),
    lookahead=lambda d: d["name"] in LOOK,
    inline=lambda d, o, nxt: d["name"] == "type" and o["id"] == "activate",
    compose=compose,
    extras=extras,
    auto=auto,
    confirm=confirm,
)

HOOKS = Hooks(
    bots=BOTS,
    colors=lambda engine: list(engine.data.rules.seat_colors),
    facts=facts_of,
    flow=FLOW,
)
PLAYTEST = Runner(HOOKS)
play_game = PLAYTEST.play_game
run = PLAYTEST.run
