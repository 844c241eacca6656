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
from functools import cache
from typing import Any

from generator.engines.steps import chance
from generator.harness.moonsharp import MODEL, Model, pauses
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
    clicks: int = 0  # every click a player made: options, page turns, the table's questions
    answers: int = 0  # the decisions players answered (a click each, at least)
    rolls: int = 0
    bot_steps: int = 0  # decisions the table's own bots answered
    frames: int = 0
    table: Table | None = field(default=None, repr=False)
    saved: str | None = field(default=None, repr=False)  # what onSave last returned, if kept
    logs: dict[str, str] = field(default_factory=dict, repr=False)  # colour -> its game log
    # a table in another language: the Latin words read that it may not show (harness.seen)
    foreign: dict[tuple[str, str], Any] = field(default_factory=dict, repr=False)
    # the same game played on lupa, when this one ran on a real interpreter (--interpreter)
    twin: GameResult | None = field(default=None, repr=False)

    @property
    def actions(self) -> int:
        """How many actions the game's record holds."""
        return len(self.record["actions"]) if self.record else 0


MORE = "More options ({page}/{pages})"  # lua/glue/panels.lua: a panel's next page


@cache
def _more_prefixes() -> tuple[str, ...]:
    from generator import i18n

    texts = [MORE] + [i18n.words(i18n.FRAMEWORK, lang).get(MORE, MORE) for lang in i18n.languages()]
    return tuple(sorted({text.split("{")[0] for text in texts}))


BACK = "Back (take the last choice back)"  # lua/glue/clicks.lua: a dialog's way back


@cache
def _back_labels() -> tuple[str, ...]:
    from generator import i18n

    return tuple(
        [BACK] + [i18n.words(i18n.FRAMEWORK, lang).get(BACK, BACK) for lang in i18n.languages()]
    )


def is_back(text: str) -> bool:
    """True for a dialog's "Back (take the last choice back)", in any language it is built in."""
    return text in _back_labels()


def is_more(text: str) -> bool:
    """True for a panel's "More options (1/2)" button, in any language the table is built in."""
    return text.startswith(_more_prefixes())


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


def seat_players(t: Table, colors: list[str], bots: dict[str, str] | None = None) -> None:
    """One player per colour; the first is the host.

    The colours in `bots` are left empty and the host gives each to a bot of its level in the
    host's Bots panel (easy: one click on its button, strong: two).
    """
    humans = [c for c in colors if c not in (bots or {})]
    for k, color in enumerate(humans):
        t.join(f"Player {k + 1}", color, host=k == 0)
    if bots:
        t.step()
        for color, level in bots.items():
            for _ in range(BOT_CLICKS[level]):
                t.click(humans[0], f"bots:{color}")
                settle(t)


BOT_CLICKS = {"easy": 1, "strong": 2}  # clicks on a seat's button in the Bots panel


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
    while t.call_in("-1", "tableBusy"):
        waited += 1
        if waited > frames and (waited > int(ROLL_SECONDS * 60) or not status(t)["rolling"]):
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
        more = [eid for eid, text in shown if is_more(text)]
        if not more:
            break
        t.click(color, more[0])
        settle(t)  # the page turns at the next frame
    raise PlaytestError(f"{color}'s panel shows no option '{label}' (option {index + 1})")


# Calls the playtest makes to look at the table (not handlers a player or TTS would run).
PROBES = (
    "tableStatus", "tableBusy", "stateText", "shownText", "logText", "currentState",
    "currentChoices", "botTrace",
)  # fmt: skip


# The goals every table handler is held to, in ms of a real MoonSharp 2.0: measured there, or
# modelled from the counted runs (generator.harness.moonsharp.MODEL, collections included).
GOAL_LOAD = 120_000  # a whole load: the script's main chunk, onLoad and the frames after it
GOAL_MS_P99, GOAL_MS_MAX, GOAL_MS_LOAD = 4.0, 12.0, 40.0

# What an OVER line means, said where it is printed
OVER_MEANS = (
    " (on a player's machine such a handler may hold a frame long enough to be seen as a "
    "stutter; the games still played right: the goal is a target, not a failure)"
)
# A collection's cost has a long tail (on the machine measured: page faults, docs/moonsharp.md):
# the fit charges each its 90th percentile, since a handler's p99 is made of its worst runs.
PAUSE_QUANTILE = 0.9


@dataclass
class Load:
    """A table loading a saved game: what each part cost, in counted instructions.

    The script's main chunk and onLoad run at load; the framework then reads the save over
    `frames` (glue.frames): each entry is one frame's work, until the table is drawn.
    """

    actions: int
    size: int
    main: int
    on_load: int
    frames: list[int]
    calls: int
    ms: list[float] | None = None  # on a real interpreter: main chunk, onLoad, each frame

    @property
    def total(self) -> int:
        """Everything the load cost, over all its frames."""
        return self.main + self.on_load + sum(self.frames)

    def text(self) -> str:
        """One paragraph a person reads."""
        if self.ms is not None:
            main, on_load, *frames = self.ms
            return (
                f"load of the longest game ({self.actions} actions, {self.size:,} bytes saved) "
                f"on MoonSharp: main chunk {main:.2f} ms, onLoad {on_load:.2f} ms, then "
                f"{len(frames)} frames (the most one ran: {max(frames, default=0):.2f} ms); "
                f"{sum(self.ms):.1f} ms in all (goal: no frame over {GOAL_MS_MAX:g} ms"
                f"{_verdict(max(self.ms) <= GOAL_MS_MAX)})"
            )
        worst = max(self.frames, default=0)
        return (
            f"load of the longest game ({self.actions} actions, {self.size:,} bytes saved): "
            f"main chunk {self.main:,}, onLoad {self.on_load:,}, then {len(self.frames)} "
            f"frames (the most one ran: {worst:,}); {self.total:,} in all, modelled "
            f"{MODEL.ms(self.total, self.calls):.1f} ms spread over the frames (goal: "
            f"<= {GOAL_LOAD:,} in all{_verdict(self.total <= GOAL_LOAD)})"
        )


def warm_up(save: dict[str, Any], interpreter: str) -> None:
    """Load the save on a real interpreter and run it two seconds, timing nothing kept.

    mono compiles MoonSharp's code the first time each part of it runs (TTS's has run other
    mods' Lua before ours): the first handlers of a process would time the compiler.
    """
    t = Table.load(save, seed=0, interpreter=interpreter)
    t.run(seconds=2)
    t.save()


def measure_load(
    save: dict[str, Any], saved: str, actions: int, seed: int = 1, interpreter: str | None = None
) -> Load:
    """Load `saved` (what a table's onSave returned) into a fresh table and settle it.

    With `interpreter` (a MoonSharp DLL) the load is timed there, in ms, as well.
    """
    t = Table.load({**save, "LuaScriptState": saved}, seed=seed, interpreter=interpreter)
    settle(t)
    c = t.costs
    frames = list(c["Wait.frames callback"].instructions)
    calls = sum(sum(x.calls) for x in c.values())
    ms = None
    if interpreter is not None:
        ms = [c["main chunk"].ms[-1], c["onLoad"].ms[-1], *c["Wait.frames callback"].ms]
    return Load(actions, len(saved), c["main chunk"].instructions[-1],
                c["onLoad"].instructions[-1], frames, calls, ms)  # fmt: skip


def _verdict(ok: bool) -> str:
    return ": met" if ok else ": OVER"


def _kind(name: str) -> str:
    """A handler's row: the handlers a versioned button cycles through count as one."""
    return re.sub(r"^onButton\d+$", "onButton", name)


@dataclass
class Costs:
    """Per handler, over many games: instructions, the scans charged, API calls, ms.

    The instructions include what the profile charges for string functions scanning long
    strings (MoonSharp copies the subject on every call); `scans` is that charge alone.
    `calls` counts TTS API calls and member reads; `allocated` the bytes a run allocated
    (on lupa the Lua heap's, on MoonSharp the thread's). `ms` is lupa's own time, not
    MoonSharp's: the modelled ms (MODEL) stand for a real MoonSharp 2.0. `order` names
    every run's handler in the order they ran (where the model's collections fall).
    """

    instructions: dict[str, list[int]] = field(default_factory=dict)
    scans: dict[str, list[int]] = field(default_factory=dict)
    ms: dict[str, list[float]] = field(default_factory=dict)
    calls: dict[str, list[int]] = field(default_factory=dict)
    collections: dict[str, list[int]] = field(default_factory=dict)  # on a real interpreter
    majors: dict[str, list[int]] = field(default_factory=dict)  # (minor, major)
    allocated: dict[str, list[int]] = field(default_factory=dict)
    coroutines: dict[str, list[int]] = field(default_factory=dict)  # made (counted runs)
    order: list[str] = field(default_factory=list)

    def add(self, t: Table) -> None:
        """Add one table's handler runs (the playtest's own probes left out)."""
        for name, cost in t.costs.items():
            if name in PROBES:
                continue
            name = _kind(name)
            self.instructions.setdefault(name, []).extend(cost.instructions)
            self.scans.setdefault(name, []).extend(cost.scans)
            self.ms.setdefault(name, []).extend(cost.ms)
            self.calls.setdefault(name, []).extend(cost.calls)
            self.collections.setdefault(name, []).extend(cost.collections)
            self.majors.setdefault(name, []).extend(cost.majors)
            self.allocated.setdefault(name, []).extend(cost.allocated)
            self.coroutines.setdefault(name, []).extend(cost.coroutines)
        self.order.extend(_kind(name) for name in t.ran if name not in PROBES)

    def modelled(self, model: Model = MODEL) -> dict[str, list[float]]:
        """Each handler's runs in modelled ms, collections included.

        The collections fall along the runs in the order they ran (moonsharp.pauses).
        """
        out: dict[str, list[float]] = {}
        for name, ins in self.instructions.items():
            heap = self.allocated.get(name) or []
            if len(heap) != len(ins):
                heap = [0] * len(ins)
            out[name] = [model.ms(i, c, b) for i, c, b in zip(ins, self.calls[name], heap,
                                                              strict=True)]  # fmt: skip
        at: dict[str, int] = {}
        runs = []
        for name in self.order:
            k = at[name] = at.get(name, -1) + 1
            if k < len(out.get(name, ())) and k < len(self.allocated.get(name, ())):
                runs.append((name, k))
        made = {n: _aligned(self.coroutines.get(n), len(i)) for n, i in self.instructions.items()}
        added = pauses(model, ((self.instructions[n][k], self.allocated[n][k], made[n][k])
                               for n, k in runs))  # fmt: skip
        for (name, k), ms in zip(runs, added, strict=True):
            out[name][k] += ms
        return out

    def rows(self) -> list[tuple[Any, ...]]:
        """(handler, runs, instructions p50/p99/max, modelled ms p50/p99/max, scans max)."""
        out = []
        modelled = self.modelled()
        for name in sorted(self.instructions):
            ins = sorted(self.instructions[name])
            m = sorted(modelled[name])
            scans = max(self.scans.get(name) or [0])
            out.append(
                (name, len(ins), int(_pct(ins, 0.5)), int(_pct(ins, 0.99)), ins[-1],
                 _pct(m, 0.5), _pct(m, 0.99), m[-1], scans)
            )  # fmt: skip
        return out

    def text(self) -> str:
        """The table a person reads: one line per handler, the goals, any handler over them.

        The goals are of the modelled ms (collections included): a handler over them is
        one the real interpreter is expected to fail.
        """
        lines = [
            f"{'handler':<26}{'runs':>7}  {'instructions p50/p99/max':>26}  "
            f"{'modelled ms p50/p99/max':>24}  {'scans max':>9}"
        ]
        over = []
        for name, n, i50, i99, imax, m50, m99, mmax, scans in self.rows():
            counted = f"{i50:>8} {i99:>8} {imax:>8}"
            ms = f"{m50:>6.2f} {m99:>7.2f} {mmax:>7.2f}"
            lines.append(f"{name:<26}{n:>7}  {counted:>26}  {ms:>24}  {scans:>9}")
            if name != "main chunk" and (m99 > GOAL_MS_P99 or mmax > GOAL_MS_MAX):
                over.append(name)
        lines.append(
            f"goals: every handler p99 <= {GOAL_MS_P99:g} and max <= {GOAL_MS_MAX:g} modelled ms "
            f"on MoonSharp 2.0 ({MODEL.rate:,.0f} counted instructions a ms, "
            f"{MODEL.per_call * 1000:g} us a TTS call, a {MODEL.pause:g} ms collection every "
            f"{MODEL.nursery / 2**20:.1f} MB allocated and a {MODEL.major_pause:g} ms one every "
            f"{MODEL.major_every / 2**20:.0f} MB: docs/moonsharp.md); "
            + ("all met" if not over else "OVER: " + ", ".join(over) + OVER_MEANS)
        )
        return "\n".join(lines)

    def real_text(self, twin: Costs | None = None, bridge: str = "") -> str:
        """The same table for a run on a real MoonSharp: its ms, beside the model's.

        `twin`: the same games counted on lupa; each handler's modelled ms (MODEL) from its
        counts, and how the modelled p99 compares with the real one (the calibration goal:
        within 30%). "GC": the runs a garbage collection fell in; "no GC" the p99 and max
        of the others.
        """
        lines = [
            f"{'handler':<26}{'runs':>7}{'GC':>6}  {'MoonSharp ms p50/p99/max':>25}  "
            f"{'no GC p99/max':>14}  {'modelled ms p50/p99/max':>24}  {'p99 model/real':>14}"
        ]
        over = []
        modelled = twin.modelled() if twin is not None else {}
        for name in sorted(self.ms):
            real = sorted(self.ms[name])
            r50, r99, rmax = _pct(real, 0.5), _pct(real, 0.99), real[-1]
            gcs = self._collected(name)
            quiet = sorted(ms for ms, n in zip(self.ms[name], gcs, strict=False) if not n)
            collected = sum(1 for n in gcs if n)
            row = f"{name:<26}{len(real):>7}{collected:>6}  {r50:>7.2f} {r99:>7.2f} {rmax:>8.2f}  "
            row += f"{_pct(quiet, 0.99):>6.2f} {quiet[-1] if quiet else 0:>7.2f}  "
            if name in modelled:
                m = sorted(modelled[name])
                ratio = f"{_pct(m, 0.99) / r99:.2f}" if r99 > 0 else "-"
                row += f"{_pct(m, 0.5):>7.2f} {_pct(m, 0.99):>7.2f} {m[-1]:>8.2f}  {ratio:>14}"
            lines.append(row.rstrip())
            if name != "main chunk" and (r99 > GOAL_MS_P99 or rmax > GOAL_MS_MAX):
                over.append(name)
        lines.append(
            f"goals: every handler p99 <= {GOAL_MS_P99:g} ms and max <= {GOAL_MS_MAX:g} ms of "
            "MoonSharp's own time; "
            + ("all met" if not over else "OVER: " + ", ".join(over) + OVER_MEANS)
        )
        if twin is not None:
            fitted = self.fit(twin)
            if fitted is not None:
                lines.append(self.fit_text(twin, fitted))
        if bridge:
            lines.append(bridge)
        return "\n".join(lines)

    def garbage_text(self, actions: int, where: str) -> str:
        """The bytes the handlers allocated, an action and by handler kind (issue 50).

        `where`: what allocated them (MoonSharp's thread, less what the pythonnet bridge
        allocated for its crossings: generator/harness/tts/clr.py; "the Lua heap on lupa",
        the script's alone, uncollected).
        """
        totals = {name: sum(runs) for name, runs in self.allocated.items() if sum(runs) > 0}
        if not totals or actions <= 0:
            return ""
        everything = sum(totals.values())
        kinds = sorted(totals, key=lambda n: -totals[n])[:4]
        each = ", ".join(f"{n} {totals[n] / actions / 1024:,.1f}" for n in kinds)
        made = sum(sum(runs) for runs in self.coroutines.values())
        return (
            f"garbage ({where}): {everything / actions / 1024:,.1f} KB an action, "
            f"{everything / 2**20:,.1f} MB in all; by handler kind, KB an action: {each}"
            + (
                f"; coroutines made: {made:,} (each {MODEL.coroutine / 2**20:.1f} MB on MoonSharp)"
                if made
                else ""
            )
        )

    def _collected(self, name: str) -> list[int]:
        """Each run's collections, minor and major (a real interpreter's)."""
        minors = self.collections.get(name) or [0] * len(self.ms.get(name, ()))
        majors = self.majors.get(name) or [0] * len(minors)
        return [a + b for a, b in zip(minors, majors, strict=False)]

    def pairs(self, twin: Costs) -> dict[str, list[tuple[float, int, int, int, int, int, int]]]:
        """Per handler, each real run beside the same run counted on lupa.

        (ms, instructions, calls, minor and major collections, bytes allocated on MoonSharp,
        Lua heap bytes allocated on lupa); a handler whose runs do not pair one to one (the
        games were not the same) is left out.
        """
        out = {}
        for name, ms in self.ms.items():
            n = len(ms)
            ins, calls = twin.instructions.get(name, []), twin.calls.get(name, [])
            columns = [ins, calls, self.collections.get(name) or [0] * n,
                       self.majors.get(name) or [0] * n, self.allocated.get(name) or [0] * n,
                       twin.allocated.get(name) or [0] * n]  # fmt: skip
            if name in PROBES or any(len(c) != n for c in columns):
                continue
            out[name] = list(zip(ms, *columns, strict=True))
        return out

    def fit(self, twin: Costs) -> Model | None:
        """The model fitted to the paired runs (least squares, and the collections' tail).

        Time: ms = base + instructions / rate + calls * per_call + Lua bytes * per_byte,
        over the runs no garbage collection fell in (`per_call` kept at 0 where the fit
        would make it negative: the bridge's cost taken out is measured, not exact). The
        heap: MoonSharp's bytes = instructions * heap_instruction + Lua heap bytes *
        heap_byte, over every run; `nursery` and `major_every` the bytes allocated over the
        minor and major collections counted; `pause` the PAUSE_QUANTILE of what a run one
        minor collection fell in took beyond its time fitted, and `major_pause` the same of
        the runs a major one fell in (their minor ones' pauses taken off).
        """
        runs = [r for rs in self.pairs(twin).values() for r in rs]
        quiet = [(m, i, c, b) for m, i, c, g, j, _, b in runs if not g and not j]
        time_fit = _least_squares([(1.0, float(i), float(c), float(b), m)
                                   for m, i, c, b in quiet])  # fmt: skip
        if time_fit is not None and time_fit[2] < 0:
            time_fit = _least_squares([(1.0, float(i), float(b), m) for m, i, _, b in quiet])
            if time_fit is not None:
                time_fit.insert(2, 0.0)
        if time_fit is None or time_fit[1] <= 0:
            return None
        base, per_instruction, per_call, per_byte = time_fit
        work = Model(rate=1 / per_instruction, per_call=per_call, base=base, per_byte=per_byte)
        # (what its coroutines made allocated is known, not fitted: Model.coroutine)
        made = [c for name, rs in self.pairs(twin).items()
                for c in _aligned(twin.coroutines.get(name), len(rs))]  # fmt: skip
        heap = _least_squares(
            [
                (float(i), float(b), float(a) - c * MODEL.coroutine)
                for (_, i, _, _, _, a, b), c in zip(runs, made, strict=True)
            ]
        )
        if heap is None:
            return work
        allocated = sum(r[5] for r in runs)
        minors = sum(r[3] for r in runs)
        majors = sum(r[4] for r in runs)
        minor_over = sorted(m - work.ms(i, c, b) for m, i, c, g, j, _, b in runs
                            if g == 1 and not j)  # fmt: skip
        pause = _pct(minor_over, PAUSE_QUANTILE)
        major_over = sorted((m - work.ms(i, c, b) - g * pause) / j
                            for m, i, c, g, j, _, b in runs if j)  # fmt: skip
        major_pause = _pct(major_over, PAUSE_QUANTILE)
        return Model(
            rate=work.rate, per_call=per_call, base=base, per_byte=per_byte,
            heap_instruction=heap[0], heap_byte=heap[1],
            nursery=allocated / minors if minors else 0.0, pause=max(0.0, pause),
            major_every=allocated / majors if majors else 0.0, major_pause=max(0.0, major_pause),
        )  # fmt: skip

    def ratios(self, twin: Costs, model: Model) -> dict[str, float]:
        """Each handler kind's modelled p99 over its real p99 (kinds of 20 runs or more)."""
        out = {}
        modelled = twin.modelled(model)
        for name, runs in sorted(self.pairs(twin).items()):
            if len(runs) < 20:
                continue
            real = _pct(sorted(m for m, *_ in runs), 0.99)
            if real > 0:
                out[name] = _pct(sorted(modelled[name]), 0.99) / real
        return out

    def fit_text(self, twin: Costs, fitted: Model) -> str:
        """The fitted model, and each handler's p99 it predicts over the real p99."""
        ratios = self.ratios(twin, fitted)
        return (
            f"fitted to these runs: {model_text(fitted)}; its p99 over the real p99: "
            + ", ".join(f"{name} {r:.2f}" for name, r in ratios.items())
        )


def model_text(model: Model) -> str:
    """A model's figures, in words."""
    return (
        f"base {model.base:.3f} ms, {model.rate:,.0f} instructions a ms, "
        f"{model.per_call * 1000:.2f} us a call, {model.per_byte * 1e6:.2f} ns a Lua byte (those "
        f"without a collection); heap {model.heap_instruction:.1f} B an instruction, "
        f"{model.heap_byte:.2f} B a Lua byte; a minor collection every "
        f"{model.nursery / 2**20:.2f} MB, {model.pause:.2f} ms each, a major every "
        f"{model.major_every / 2**20:.0f} MB, {model.major_pause:.2f} ms each"
    )


def _aligned(values: list[int] | None, n: int) -> list[int]:
    """`values` when there is one a run, else a 0 a run."""
    return values if values is not None and len(values) == n else [0] * n


def _least_squares(rows: list[tuple[float, ...]]) -> list[float] | None:
    """The x minimising sum((r[:-1] . x - r[-1])^2) over `rows`.

    Normal equations, Gaussian elimination; None with too few rows or a singular system.
    """
    if not rows or len(rows) < 10:
        return None
    k = len(rows[0]) - 1
    a = [[sum(r[j] * r[m] for r in rows) for m in range(k)]
         + [sum(r[j] * r[k] for r in rows)] for j in range(k)]  # fmt: skip
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12 * max(1.0, max(abs(v) for v in a[pivot][:k])):
            return None
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(k):
            if r != col:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[j][k] / a[j][j] for j in range(k)]


def _pct(values: list[Any], q: float) -> Any:
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0


def chooser_for(
    bots: dict[str, Callable[..., Any]],
    bot: str,
    engine: Any,
    state: Any,
    rng: random.Random,
    path: list[str] | None = None,
) -> Any:
    """A bot's chooser; 'mixed' is greedy with one decision in five taken at random.

    A chance decision is never taken at random: the dice's faces are the table's to read.
    `path`: the answers the action under way already has at the table (clicked before this
    decision), which a level bot weighs its options by, as its Lua twin does.
    """
    chosen = bots[bot if bot != "mixed" else "greedy"](engine, state, rng)
    if path and hasattr(chosen, "path"):
        chosen.path[:] = path
    if bot != "mixed":
        return chosen
    greedy = chosen

    def choose(decision: Any) -> str:
        if not chance(decision) and rng.random() < 0.2:
            answer = str(rng.choice(decision["options"])["id"])
            if hasattr(greedy, "path"):  # a level bot weighs its next answer by this one
                greedy.path.append(answer)
            return answer
        return str(greedy(decision))

    return choose
