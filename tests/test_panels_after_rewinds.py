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

# `make soak` plays 4 games of 4 players each; the suite one of the fewest players (the
# fault this found, a page of options kept across a load, showed with any count)
SOAK = os.environ.get("TTSMOD_SOAK") == "1"
GAMES = 4 if SOAK else 1
EVERY = 4 if SOAK else 8  # answers between two moves (a rewind, a reload or an undo)


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
        # its first page, as when the state is reached directly
        assert seen and seen == want[: len(seen)], (
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


def _browsing(t) -> list[tuple[str, int]]:
    """Every seated colour deciding whose panel pages turns it once, as a player reading
    on does: (colour, the pages its list has), to turn each back with `_read_on`."""
    seated = set(t.seated())
    turned = []
    for color in status(t)["deciders"] or []:
        more = [(eid, text) for eid, text in panel_options(t, color) if is_more(text)]
        if color in seated and more:
            t.click(color, more[0][0])
            settle(t)
            pages = int(more[0][1].rstrip(")").rpartition("/")[2])
            turned.append((color, pages))
    return turned


def _read_on(t, turned: list[tuple[str, int]]) -> None:
    """Turn each browsed panel on to its first page again (past the last page is the first)."""
    for color, pages in turned:
        for _ in range(pages - 1):
            more = [eid for eid, text in panel_options(t, color) if is_more(text)]
            t.click(color, more[0])
            settle(t)


@pytest.mark.parametrize("game", games.with_tables())
def test_a_panel_is_a_function_of_the_state_after_rewinds_reloads_and_undos(game, built_game):
    rules = games.get(game)
    runner = rules.build_parts().playtest.PLAYTEST
    hooks = runner.hooks
    engine = rules.engine()
    save = built_game(game).read_save()
    low, high = rules.player_range(engine)
    players = min(high, max(low, 4 if SOAK else 3))
    moves = {"rewind": 0, "reload": 0, "undo": 0, "compared": 0}
    for index in range(GAMES):
        rng = random.Random(f"rewinds:{game}:{index}")

        def after(t, answers, rng=rng):
            if answers % EVERY:
                if answers % 2:  # a rewind point taken while players read on in their lists
                    turned = _browsing(t)
                    t.checkpoint()
                    _read_on(t, turned)
                return t
            _browsing(t)  # a save or an undo while players read on: never kept
            # the roll drifts a third at each move, so a short game meets every kind too
            roll = (rng.random() + answers / EVERY / 3) % 1.0
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
