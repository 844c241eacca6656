"""A panel is a function of the state: after any sequence of rewinds, reloads and undos, every
colour deciding sees exactly the options, in the order, that the state shows when reached
directly (issue 58: after a rewind a Mechs seat once listed its 32 options rotated).

Whole games of every game with a table, through the UI, with a rewind, a reload or an undo
every few answers; after each, every deciding colour's panel is compared, option for option,
with the Python twin's menu for that state.
"""

from __future__ import annotations

import os
import random

import pytest

from generator import games
from generator.harness import flow
from generator.harness.play import is_more, panel_options, settle, status
from generator.harness.playtest import _mirror_of, record_of
from generator.harness.tts import ui
from generator.tts.panels import OPTION_SLOTS

GAMES = 4 if os.environ.get("TTSMOD_SOAK") == "1" else 1


def _page_of(seen: list[str], want: list[str]) -> int | None:
    """The page of `want` the panel shows as `seen` (None: no page of it)."""
    per = OPTION_SLOTS - 1 if len(want) > OPTION_SLOTS else OPTION_SLOTS
    for page in range(max(1, -(-len(want) // per))):
        if seen and seen == want[page * per : page * per + len(seen)]:
            return page
    return None


def _compare(t, engine, hooks, where: str) -> int:
    """Every deciding colour's panel against Python's menu for the state; how many shown."""
    settle(t)
    mirror = _mirror_of(t, engine, hooks.transient)
    seated = set(t.seated())
    compared = 0
    for color in status(t)["deciders"] or []:
        d = mirror.decision(color)
        if "roll" in d or d["name"] in hooks.flow.private or color not in seated:
            continue
        want = [e.label for e in flow.entries(hooks.flow, engine, mirror.state,
                                              mirror.full(color), d)]  # fmt: skip
        seen = [text for _, text in panel_options(t, color) if not is_more(text)]
        assert _page_of(seen, want) is not None, (
            f"{where}: {color}'s panel shows {seen[:6]}…, the state offers {want[:6]}…"
        )
        compared += 1
    return compared


def host_of(t) -> str:
    return next(p.color for p in t.players.values() if p.host)


def _can_click(t, color: str, element: str) -> bool:
    """True when `color` sees `element` and it is active (Undo is not while nothing can be)."""
    found = next(((e, ps) for e, ps in ui.walk(t.global_xml) if e.id == element), None)
    return (
        found is not None
        and ui.shown(found[0], found[1], t.viewer(color))
        and (found[0].attributes.get("active", "true") != "false")
    )


@pytest.mark.parametrize("game", games.with_tables())
def test_a_panel_is_a_function_of_the_state_after_rewinds_reloads_and_undos(game, built_game):
    rules = games.get(game)
    runner = rules.build_parts().playtest.PLAYTEST
    hooks = runner.hooks
    engine = rules.engine()
    save = built_game(game).read_save()
    low, high = rules.player_range(engine)
    players = min(high, max(low, 4))
    moves = {"rewind": 0, "reload": 0, "undo": 0, "compared": 0}
    for index in range(GAMES):
        rng = random.Random(f"rewinds:{game}:{index}")

        def after(t, answers, rng=rng):
            if answers % 4:
                if answers % 2:
                    t.checkpoint()
                return t
            roll = rng.random()
            if roll < 0.4 and t.snapshots:
                moves["rewind"] += 1
                t = t.rewind(rng.randint(1, min(3, len(t.snapshots))))
                where = f"after rewind {moves['rewind']}"
            elif roll < 0.7:
                moves["reload"] += 1
                t = t.reload()
                where = f"after reload {moves['reload']}"
            elif _can_click(t, host_of(t), "host:undo"):
                host = host_of(t)
                before = len((record_of(t) or {}).get("actions", []))
                t.click(host, "host:undo")
                settle(t)
                if len((record_of(t) or {}).get("actions", [])) < before:
                    moves["undo"] += 1
                moves["compared"] += _compare(t, engine, hooks, f"after undo {moves['undo']}")
                return t.reload()  # (the driver's mirror follows a table it is handed)
            else:
                return t
            moves["compared"] += _compare(t, engine, hooks, where)
            return t

        result = runner.play_game(engine, save, players, 11, index, after_answer=after,
                                  secrets_check=False)  # fmt: skip
        assert result.problem is None, result.problem
    assert all(moves.values()), moves
