"""Whole games at the headless table, any game: results, clicking, comparing, costs.

Each game's playtest (generator/harness/<game>/playtest.py) plays through what players can
do at the emulated table (generator.harness.tts) and compares with its Python engine; what
they share is here: the result of one game, clicking an option as a player would (turning
pages), the first difference of two plain values, and the cost of every handler.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from generator.harness.tts import ui
from generator.harness.tts.emulator import Table


class PlaytestError(Exception):
    """The table did something a player could not have got past (no option, a stuck roll)."""


@dataclass
class GameResult:
    """One game at the table: its record, what it cost, and the first difference (if any)."""

    index: int
    seed: int
    record: dict[str, Any] | None = None
    problem: str | None = None
    clicks: int = 0
    rolls: int = 0
    frames: int = 0
    table: Table | None = field(default=None, repr=False)
    saved: str | None = field(default=None, repr=False)  # what onSave last returned, if kept

    @property
    def actions(self) -> int:
        """How many actions the game's record holds."""
        return len(self.record["actions"]) if self.record else 0


def first_difference(a: Any, b: Any, where: str = "") -> str | None:
    """The JSON path of the first place two plain values differ (None when equal)."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return f"{where}/{key}"
            found = first_difference(a[key], b[key], f"{where}/{key}")
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        for k, (x, y) in enumerate(zip(a, b, strict=False)):
            found = first_difference(x, y, f"{where}/{k}")
            if found:
                return found
        return None if len(a) == len(b) else f"{where} (length {len(a)} vs {len(b)})"
    return None if a == b else (where or "/")


def panel_options(t: Table, color: str, prefix: str | None = None) -> list[tuple[str, str]]:
    """(element id, label) of the option buttons `color` sees in their own panel, in order.

    With `prefix` "proxy": in the host's panel for a player who is not seated.
    """
    viewer = t.viewer(color)
    start = f"{prefix or 'seat:' + color}:opt:"
    out = []
    for element, parents in ui.walk(t.global_xml):
        eid = element.id or ""
        if eid.startswith(start) and ui.shown(element, parents, viewer):
            out.append((eid, element.attributes.get("text", "")))
    return out


def seat_players(t: Table, colors: list[str]) -> None:
    """One player per colour; the first is the host."""
    for k, color in enumerate(colors):
        t.join(f"Player {k + 1}", color, host=k == 0)


SETTLE_FRAMES = 400  # frames the table may take to finish a change before it counts as stuck
ROLL_SECONDS = 30.0  # the longest a throw of the dice may take


def status(t: Table) -> dict[str, Any]:
    """What the table waits for (its tableStatus())."""
    return t.from_lua(t.call_in("-1", "tableStatus"))  # type: ignore[no-any-return]


def settle(t: Table, frames: int = SETTLE_FRAMES) -> None:
    """Step until the table has finished what a change set going.

    It works a frame at a time; a throw of the dice takes seconds.
    """
    t.step()
    waited = 0
    while True:
        st = status(t)
        if not st["busy"]:
            return
        waited += 1
        if waited > (int(ROLL_SECONDS * 60) if st["rolling"] else frames):
            raise PlaytestError(f"the table was still busy {waited} frames after a change")
        t.step()


def click_option(t: Table, color: str, label: str, index: int, prefix: str | None = None) -> None:
    """Click the option with this label in `color`'s panel, turning pages as a player would.

    With `prefix` "proxy": in the host's panel for a player who is not seated.
    """
    for _ in range(50):
        shown = panel_options(t, color, prefix)
        for eid, text in shown:
            if text == label:
                t.click(color, eid)
                return
        more = [eid for eid, text in shown if text.startswith("More options")]
        if not more:
            break
        t.click(color, more[0])
        settle(t)  # the page turns at the next frame
    raise PlaytestError(f"{color}'s panel shows no option '{label}' (option {index + 1})")


# Calls the playtest makes to look at the table (not handlers a player or TTS would run).
PROBES = ("tableStatus", "stateText", "shownText", "logText", "currentState", "currentChoices")


@dataclass
class Costs:
    """Per handler, over many games: instructions, the scans charged, ms of every run.

    The instructions include what the profile charges for string functions scanning long
    strings (MoonSharp copies the subject on every call); `scans` is that charge alone.
    """

    instructions: dict[str, list[int]] = field(default_factory=dict)
    scans: dict[str, list[int]] = field(default_factory=dict)
    ms: dict[str, list[float]] = field(default_factory=dict)

    def add(self, t: Table) -> None:
        """Add one table's handler runs (the playtest's own probes left out).

        The handlers a versioned button cycles through (onButton0 .. onButton7) count as one.
        """
        for name, cost in t.costs.items():
            if name in PROBES:
                continue
            name = re.sub(r"^onButton\d+$", "onButton", name)
            self.instructions.setdefault(name, []).extend(cost.instructions)
            self.scans.setdefault(name, []).extend(cost.scans)
            self.ms.setdefault(name, []).extend(cost.ms)

    def rows(self) -> list[tuple[str, int, float, float, float, int, int, int, int]]:
        """(handler, runs, ms p50/p99/max, instructions p50/p99/max, scans max), by name."""
        out = []
        for name in sorted(self.instructions):
            ins, ms = sorted(self.instructions[name]), sorted(self.ms[name])
            scans = max(self.scans.get(name) or [0])
            out.append(
                (name, len(ins), _pct(ms, 0.5), _pct(ms, 0.99), ms[-1],
                 int(_pct(ins, 0.5)), int(_pct(ins, 0.99)), ins[-1], scans)
            )  # fmt: skip
        return out

    def text(self) -> str:
        """The table a person reads: one line per handler."""
        lines = [
            f"{'handler':<28}{'runs':>7}  {'ms p50/p99/max':>22}  "
            f"{'instructions p50/p99/max':>26}  {'scans max':>9}"
        ]
        for name, n, m50, m99, mmax, i50, i99, imax, scans in self.rows():
            ms = f"{m50:>6.3f} {m99:>7.3f} {mmax:>7.3f}"
            lines.append(f"{name:<28}{n:>7}  {ms:>22}  {i50:>8} {i99:>8} {imax:>8}  {scans:>9}")
        return "\n".join(lines)


def _pct(values: list[Any], q: float) -> Any:
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0


def chooser_for(
    bots: dict[str, Callable[..., Any]], bot: str, engine: Any, state: Any, rng: random.Random
) -> Any:
    """A bot's chooser; 'mixed' is greedy with one decision in five taken at random.

    A chance decision is never taken at random: the dice's faces are the table's to read.
    """
    if bot != "mixed":
        return bots[bot](engine, state, rng)
    greedy = bots["greedy"](engine, state, rng)

    def choose(decision: Any) -> str:
        if "roll" not in decision and rng.random() < 0.2:
            return str(rng.choice(decision["options"])["id"])
        return str(greedy(decision))

    return choose
