"""Whole Tiny Epic Mechs games at the headless table, through what players can do.

Each game loads the built save in the emulator (generator.harness.tts), seats the players,
presses Start, and plays to the end with bots that only click buttons their own colour can
see in their panel, or answer the private dialog the table opens on their screen (the
emulator refuses anything else). The bots choose with the Python engine (the choosers of
`ttsmod simulate`); every decision the table asks is compared with what the Python engine
offers, label for label, and after every action the table's state with Python's. At the
end the record the table saved is replayed in Python and the final states are compared.
What every colour can read is searched for the others' secrets along the way
(generator.harness.tem.secrets).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

from generator.engines.errors import IllegalAction
from generator.engines.replay import replay
from generator.engines.tem.bots import BOTS
from generator.engines.tem.engine import Engine
from generator.harness.play import (
    GameResult,
    PlaytestError,
    chooser_for,
    click_option,
    first_difference,
    panel_options,
    seat_players,
)
from generator.harness.tem import secrets
from generator.harness.tts.emulator import Table
from generator.tts.tem.layout import layout

MAX_STEPS = 6_000  # answers in one game before the playtest calls it stuck
SECRETS_EVERY = 15  # answers between two looks at what every colour can read
CELL = re.compile(r"^r\d+c\d+$")
PRIVATE = {"pilot", "base_mine", "basic", "program", "direction", "mine_number"}


def _status(t: Table) -> dict[str, Any]:
    return t.from_lua(t.call_in("-1", "tableStatus"))  # type: ignore[no-any-return]


def saved(t: Table) -> dict[str, Any] | None:
    """What the table's onSave returned, decoded (None before a game)."""
    text = t.call_in("-1", "onSave")
    return json.loads(text) if text else None


def _record(t: Table) -> dict[str, Any] | None:
    """The game record the table saved (its resume point and the table's own key left out)."""
    found = saved(t)
    if found is None:
        return None
    found.pop("resume", None)
    found.pop("_spare", None)
    return found


def _lua_state(t: Table) -> Any:
    return json.loads(t.call_in("-1", "stateText"))


def _shown(t: Table) -> Any:
    return json.loads(t.call_in("-1", "shownText"))


def shown_label(engine: Engine, state: Any, label: str) -> str:
    """An option's label as the table shows it in a panel (cells named by their zone)."""
    if CELL.match(label):
        zone = state["cells"][label]["zone"]
        if zone:
            return f"{secrets.names_of(engine).get(zone, zone)} ({label})"
    return label


class _Mirror:
    """The Python engine's side of a game at the table: its state and each colour's path."""

    def __init__(self, engine: Engine, setup: dict[str, Any]) -> None:
        self.engine = engine
        self._state = engine.new_game(setup)
        self._top: Any = None
        self.paths: dict[str, list[str]] = {}

    @property
    def state(self) -> Any:
        return self._state

    @state.setter
    def state(self, value: Any) -> None:
        self._state, self._top = value, None

    def top(self) -> Any:
        """choices(state, []) (asked once per state)."""
        if self._top is None:
            self._top = self.engine.choices(self._state, [])
        return self._top

    def automatic(self) -> Any:
        """Apply an action the core completes with no decision (as the table does)."""
        res = self.top()
        if res["complete"]:
            self.state = self.engine.apply(self.state, res["action"])
            return res["action"]
        return None

    def simultaneous(self) -> bool:
        return bool(self.top()["decision"]["name"] == "player")

    def key(self, color: str) -> str:
        return color if self.simultaneous() else "*"

    def full(self, color: str) -> list[str]:
        lead = [color] if self.simultaneous() else []
        return lead + self.paths.get(self.key(color), [])

    def deciders(self) -> list[str]:
        top = self.top()["decision"]
        if top["name"] == "player":
            return [o["id"] for o in top["options"]]
        return [self.engine.choices(self.state, self.paths.get("*", []))["decision"]["player"]]

    def decision(self, color: str) -> Any:
        return self.engine.choices(self.state, self.full(color))["decision"]

    def shown(self) -> Any:
        """The state part way through the shared path's action, at its decision."""
        return self.engine.advance(self.state, self.paths.get("*", []))["state"]

    def take(self, color: str, option: str) -> Any:
        """Extend `color`'s path; the action when it is complete (applied), else None."""
        key = self.key(color)
        self.paths.setdefault(key, []).append(option)
        res = self.engine.choices(self.state, self.full(color))
        if not res["complete"]:
            return None
        self.paths[key] = []
        self.state = self.engine.apply(self.state, res["action"])
        return res["action"]


def play_game(
    engine: Engine,
    save: dict[str, Any],
    players: int,
    seed: int,
    index: int = 0,
    bot: str = "mixed",
    after_answer: Callable[[Table, int], Table] | None = None,
    secrets_check: bool = True,
) -> GameResult:
    """Play one whole game at the headless table; see the module docstring.

    `after_answer(table, answers)` runs after every answer and may return another table (one
    loaded from a save, rewound): play goes on there, the mirror rebuilt from its record.
    """
    result = GameResult(index, seed)
    rng = random.Random(f"playtest:tem:{seed}:{index}")
    t = Table.load(save, seed=rng.randrange(2**31))
    result.table = t
    colors = list(engine.d["game"]["seat_colors"][:players])
    try:
        seat_players(t, colors)
        t.step()
        t.click(colors[0], "start:go")
        _settle(t)
        record = _record(t)
        if record is None:
            raise PlaytestError("Start dealt no game")
        mirror = _Mirror(engine, record["setup"])
        t = _play(t, engine, mirror, rng, bot, result, after_answer, secrets_check)
    except (PlaytestError, IllegalAction, AssertionError) as err:
        result.problem = f"game {index + 1}, answer {result.clicks + 1}: {err}"
    except Exception as err:  # a Lua error in a handler: report it with the game
        result.problem = (
            f"game {index + 1}, answer {result.clicks + 1}: {type(err).__name__}: {err}"
        )
    t = result.table
    result.frames = t.frame
    result.saved = t.call_in("-1", "onSave") or None
    result.record = _record(t)
    if result.problem is None and result.record is not None:
        result.problem = _check_resume(engine, t, result.record, index)
    if result.problem is None and result.record is not None:
        final = replay(engine, result.record)
        where = first_difference(_lua_state(t), final)
        if where is not None:
            result.problem = (
                f"game {index + 1}: the saved record replays to another state at {where}"
            )
        elif not engine.is_over(final):
            result.problem = f"game {index + 1}: the game did not end"
    return result


def _check_resume(engine: Engine, t: Table, record: dict[str, Any], index: int) -> str | None:
    """The saved resume point must be the state the record's first actions lead to."""
    resume = (saved(t) or {}).get("resume")
    if resume is None:
        return None
    state = replay(engine, {**record, "actions": record["actions"][: resume["at"]]})
    where = first_difference(resume["state"], state)
    if where is not None:
        return f"game {index + 1}: the saved resume point differs from the replay at {where}"
    return None


def _play(
    t: Table,
    engine: Engine,
    mirror: _Mirror,
    rng: random.Random,
    bot: str,
    result: GameResult,
    after_answer: Callable[[Table, int], Table] | None,
    secrets_check: bool,
) -> Table:
    actions = 0
    while not engine.is_over(mirror.state):
        if result.clicks >= MAX_STEPS:
            raise PlaytestError(f"no end after {MAX_STEPS} answers")
        if secrets_check and result.clicks % SECRETS_EVERY == 0:
            check_secrets(t, engine)
        status = _status(t)
        shown = sorted(status["deciders"] or [])
        if shown != sorted(mirror.deciders()):
            raise PlaytestError(f"the table waits for {shown}, Python for {mirror.deciders()}")
        color = rng.choice(shown)
        d = mirror.decision(color)
        if "exhausted" in d:
            _check_weapons(t, engine, mirror.shown(), d["exhausted"])
        choose = chooser_for(BOTS, bot, engine, mirror.state, rng)
        option = choose(d)
        labels = [o["label"] for o in d["options"]]
        if d["name"] in PRIVATE:
            _answer_dialog(t, color, d, labels, option)
        else:
            want = [shown_label(engine, mirror.state, x) for x in labels]
            _check_panel(t, color, want)
            label = shown_label(engine, mirror.state, d["options"][_index(d, option)]["label"])
            click_option(t, color, label, _index(d, option))
        _settle(t)
        result.clicks += 1
        action = mirror.take(color, option)
        if action is None and not mirror.simultaneous():
            # part way through an action the table shows what it has done so far
            where = first_difference(_shown(t), engine.view(mirror.shown(), None))
            if where is not None:
                raise PlaytestError(f"part way through an action the table shows {where} "
                                    "unlike Python's")  # fmt: skip
        if action is not None:
            done = [action]
            while not engine.is_over(mirror.state):
                more = mirror.automatic()
                if more is None:
                    break
                done.append(more)
            actions += len(done)
            record = _record(t)
            held = record["actions"] if record else []
            if len(held) != actions:
                raise PlaytestError(f"the table holds {len(held)} actions, Python {actions}")
            if held[-len(done) :] != done:
                raise PlaytestError(f"action {actions}: the table applied {held[-1]}, "
                                    f"Python {done[-1]}")  # fmt: skip
            where = first_difference(_lua_state(t), mirror.state)
            if where is not None:
                raise PlaytestError(f"after action {actions} the states differ at {where}")
        if after_answer is not None:
            moved = after_answer(t, result.clicks)
            if moved is not t:
                t = moved
                _settle(t)  # a load draws the pieces over a few frames
                result.table = t
                record = _record(t)
                assert record is not None
                # a load drops every path under way, at the table as here
                mirror = _Mirror(engine, record["setup"])
                mirror.state = replay(engine, record)
                actions = len(record["actions"])
    if secrets_check:
        check_secrets(t, engine)
    return t


_PLACES: dict[int, list[tuple[float, float, str, str, float]]] = {}


def _weapon_places(engine: Engine) -> list[tuple[float, float, str, str, float]]:
    """(x, z, colour, row, rotY) of every seat's weapon places, from the layout."""
    places = _PLACES.get(id(engine.d))
    if places is None:
        places = [
            (p["x"], p["z"], seat["color"], row, p["ry"])
            for seat in layout(engine.d)["seats"]
            for row in ("equipped", "stored")
            for p in seat[row]
        ]
        _PLACES[id(engine.d)] = places
    return places


def _check_weapons(t: Table, engine: Engine, state: Any, exhausted: dict[str, list[str]]) -> None:
    """In a combat, each seat's weapon cards lie where the rules put them.

    `state`: Python's state part way through the action (what the table shows);
    `exhausted`: its decision's weapons each side has used. The equipped lie in the row
    toward the arena, turned 90 degrees when exhausted; the others in the row behind,
    upright.
    """
    names = {w["id"]: w["name"] for w in (*engine.d["basic"], *engine.d["advanced"])}
    places = _weapon_places(engine)
    seen: dict[tuple[str, str], list[str]] = {}
    turned: dict[str, set[str]] = {}
    wanted = set(names.values())
    for thing in t.things.values():
        if thing.destroyed or thing.name not in wanted:
            continue
        x, _, z = thing.pos
        for px, pz, color, row, ry in places:
            if abs(x - px) < 0.3 and abs(z - pz) < 0.3:
                seen.setdefault((color, row), []).append(thing.name)
                if round((thing.rot[1] - ry) % 360) == 90:
                    turned.setdefault(color, set()).add(thing.name)
                break
    for p in state["players"]:
        color = p["color"]
        stored = list(p["owned"])
        for w in p["equipped"]:
            stored.remove(w)
        rows = {"equipped": sorted(names[w] for w in p["equipped"]),
                "stored": sorted(names[w] for w in stored)}  # fmt: skip
        for row, want in rows.items():
            got = sorted(seen.get((color, row), []))
            if len(want) > sum(1 for q in places if q[2] == color and q[3] == row):
                continue  # past its places a row piles up (cards that touch make a deck)
            if got != want:
                raise PlaytestError(f"{color}'s {row} weapons lie as {got}, Python has {want}")
        want_turned = {names[w] for w in exhausted.get(color, [])}
        if turned.get(color, set()) != want_turned:
            raise PlaytestError(f"in the combat {color}'s weapons turned are "
                                f"{sorted(turned.get(color, set()))}, exhausted "
                                f"{sorted(want_turned)}")  # fmt: skip


def _settle(t: Table) -> None:
    """Let the table play the turns that need no decision (one a frame)."""
    t.step()
    for _ in range(200):
        if not _status(t)["busy"]:
            return
        t.step()
    raise PlaytestError("the table kept playing turns by itself for 200 frames")


def _index(d: Any, option: str) -> int:
    return next(i for i, o in enumerate(d["options"]) if o["id"] == option)


def _check_panel(t: Table, color: str, want: list[str]) -> None:
    """The panel's options (every page) must be the Python engine's, label for label."""
    seen: list[str] = []
    for _ in range(20):
        shown = panel_options(t, color)
        seen += [text for _, text in shown if not text.startswith("More options")]
        more = [eid for eid, text in shown if text.startswith("More options")]
        if not more or len(seen) >= len(want):
            break
        t.click(color, more[0])
    if seen[: len(want)] != want:
        raise PlaytestError(f"{color}'s panel shows {seen}, Python offers {want}")
    # back to the first page for the click
    for _ in range(20):
        shown = panel_options(t, color)
        if not shown or shown[0][1] == want[0]:
            break
        more = [eid for eid, text in shown if text.startswith("More options")]
        if not more:
            break
        t.click(color, more[0])


def _answer_dialog(t: Table, color: str, d: Any, labels: list[str], option: str) -> None:
    """Answer `color`'s private dialog (reopened from the panel if they closed it)."""
    dialog = t.dialog(color)
    if dialog is None:
        t.click(color, f"seat:{color}:private")
        dialog = t.dialog(color)
    if dialog is None:
        raise PlaytestError(f"no private dialog opens for {color}'s {d['name']}")
    offered = [x for x in dialog.options if not x.startswith("Back")]
    if offered != labels:
        raise PlaytestError(f"{color}'s dialog offers {offered}, Python {labels}")
    t.answer(color, _index(d, option) + 1)


def check_secrets(t: Table, engine: Engine) -> None:
    """Raise PlaytestError when some colour can read another's hidden fact (secrets.py)."""
    found = secrets.leaks(t, secrets.facts_of(_lua_state(t), engine, _shown(t)))
    if found:
        raise PlaytestError(found[0])


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


def features(engine: Engine, record: dict[str, Any]) -> set[str]:
    """What a game's record reached, for coverage.

    `mech` (the Mighty Mech taken), `ko:<status>` (a KO while a pilot or in Power Armor;
    `ko:mech`: the Mech surrendered or stranded), `retreat`, `ad_hoc` (a card played in Ad
    Hoc Mode), `ability:<kind>` (an attack with a weapon of that ability), `power` (a power
    attack taken).
    """
    found: set[str] = set()
    state = engine.new_game(record["setup"])
    for action in record["actions"]:
        before = state
        trace, _ = engine.trace(state, engine.path_of(state, action))
        path = engine.path_of(state, action)
        for d, answer in zip(trace, path, strict=False):
            if d["name"] == "retreat":
                found.add("retreat")
            elif d["name"] == "ad_hoc_card":
                found.add("ad_hoc")
            elif d["name"] == "attack":
                found.add("ability:" + engine.weapons[answer]["ability"]["kind"])
                label = next(o["label"] for o in d["options"] if o["id"] == answer)
                if label.endswith("(power attack)"):
                    found.add("power")
        state = engine.apply(state, action)
        if state["mech"]["controller"] is not None and before["mech"]["controller"] is None:
            found.add("mech")
        held = before["mech"]["controller"]
        if held is not None and state["mech"]["controller"] != held:
            found.add("ko:mech")  # the Mech surrendered or stranded
        was = {p["color"]: p for p in before["players"]}
        for p in state["players"]:
            q = was[p["color"]]
            if p["ad_hoc"] and not q["ad_hoc"] and q["status"] != "mech":
                found.add("ko:" + q["status"])
    return found
