"""Whole games played at the headless table through what players can do, any game.

Each game loads the built save in the emulator (generator.harness.tts), seats the players,
presses Start and plays to the end with bots that only click buttons their own colour can
see in their panel, or answer the private dialog the table opens on their screen (the
emulator refuses anything else), while the table throws its own dice. The bots choose with
the Python engine (the choosers of `ttsmod simulate`); every decision the table asks is
compared with what the Python engine offers, label for label, and after every answer the
table's record and state with Python's (and, for a game that shows an action part way
through, what it shows). At the end the record the table saved is replayed in Python and
the final states are compared, the saved resume point with the replay. What every colour
can read is searched for the others' secrets along the way (generator.harness.secrets).

A game adds only what is its own (`Hooks`, in generator/games/<game>/playtest.py): its
seats, its secret decisions, how a panel words an option, the question its table asks
before an option, its secrets, and any check of its own at a decision.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from generator.engines.errors import IllegalAction
from generator.engines.steps import chance
from generator.harness import flow, secrets
from generator.harness import seen as seen_text
from generator.harness.play import (
    ROLL_SECONDS,
    GameResult,
    PlaytestError,
    chooser_for,
    click_option,
    first_difference,
    is_back,
    is_more,
    panel_options,
    seat_players,
    settle,
    status,
)
from generator.harness.tts import ui
from generator.harness.tts.emulator import Table
from generator.tts.panels import OPTION_SLOTS


@dataclass
class Hooks:
    """What a game's playtest adds to the shared driver (see the module docstring)."""

    bots: dict[str, Callable[..., Any]]
    flow: flow.Game  # what a click takes, and the table's own answers (glue.flow's twin)
    # the seat colours, in order (default: the data's `seat_colors`)
    colors: Callable[[Any], list[str]] = lambda engine: list(engine.g["seat_colors"])
    # what is hidden now (None: a card game's hands, secrets.HandFacts)
    facts: Callable[[Any, dict[str, Any] | None, Any, Any], secrets.Facts] | None = None
    part_way: bool = False  # the table shows an action part way through
    check: Callable[[Table, Any, Any, Any], None] | None = None  # more checks at a decision
    # a card game's hands in a state, by colour, card ids: at every decision each seat's hand
    # zone must hold exactly its hand, by `card_name` (the card layer, lua/glue/cards.lua)
    hands: Callable[[Any, Any], dict[str, list[str]]] | None = None
    card_name: Callable[[Any, str], str] = lambda engine, card: str(engine.card_name(card))
    # answers between two looks at what every colour can read (`ttsmod playtest` looks after
    # every answer: --secrets-every 1; a test names 1 where it is the point)
    secrets_every: int = 5
    # every second game, a player leaves for a while (the host decides for them: `AWAY`)
    away: bool = True
    max_answers: int = 20_000
    seed_prefix: str = "playtest"
    transient: tuple[str, ...] = ()  # state fields a resume point does not save (Game)

    def __post_init__(self) -> None:
        if self.facts is None and self.hands is not None:
            self.facts = secrets.HandFacts(self.hands, self.card_name)


def saved(t: Table) -> dict[str, Any] | None:
    """What the table's onSave returned, decoded (None before a game)."""
    text = t.call_in("-1", "onSave")
    return json.loads(text) if text else None


def record_of(t: Table) -> dict[str, Any] | None:
    """The game record the table saved (the table's own keys left out); None before one."""
    found = saved(t)
    if found is None or "actions" not in found:
        return None
    return {k: v for k, v in found.items() if k in ("game", "setup", "actions")}


def lua_state(t: Table) -> Any:
    """The table's state, decoded."""
    return json.loads(t.call_in("-1", "stateText"))


def shown(t: Table) -> Any:
    """What the table shows of the state (the public view part way through an action)."""
    return json.loads(t.call_in("-1", "shownText"))


class Mirror:
    """The Python engine's side of a game at the table: its state and each colour's path.

    It also keeps what the table keeps for its own answers (`prefs`) and plays those answers
    as the table does (`table_moves`).
    """

    def __init__(self, engine: Any, setup: dict[str, Any]) -> None:
        self.engine = engine
        self._state = engine.new_game(setup)
        self._top: Any = None
        self.paths: dict[str, list[str]] = {}
        self.count = 0
        self.prefs = flow.Prefs()

    @property
    def state(self) -> Any:
        """The state after the actions taken so far."""
        return self._state

    @state.setter
    def state(self, value: Any) -> None:
        self._state, self._top = value, None

    def top(self) -> Any:
        """choices(state, []) (asked once per state)."""
        if self._top is None:
            self._top = self.engine.choices(self._state, [])
        return self._top

    def apply(self, action: Any) -> None:
        """Apply an action (the table applied it too)."""
        self.state = self.engine.apply(self.state, action)
        self.count += 1

    def automatic(self) -> Any:
        """Apply an action the core completes with no decision (as the table does)."""
        res = self.top()
        if res["complete"]:
            self.apply(res["action"])
            return res["action"]
        return None

    def simultaneous(self) -> bool:
        """True in a simultaneous phase (the first decision names who answers)."""
        return bool(self.top()["decision"]["name"] == "player")

    def key(self, color: str) -> str:
        """Whose path `color` builds: their own in a simultaneous phase, else the shared one."""
        return color if self.simultaneous() else "*"

    def full(self, color: str) -> list[str]:
        """`color`'s whole path (their colour first in a simultaneous phase)."""
        lead = [color] if self.simultaneous() else []
        return lead + self.paths.get(self.key(color), [])

    def deciders(self) -> list[str]:
        """The colours who have a decision now."""
        top = self.top()["decision"]
        if top["name"] == "player":
            return [o["id"] for o in top["options"]]
        return [self.engine.choices(self.state, self.paths.get("*", []))["decision"]["player"]]

    def decision(self, color: str) -> Any:
        """`color`'s decision now."""
        return self.engine.choices(self.state, self.full(color))["decision"]

    def shown(self) -> Any:
        """The state part way through the shared path's action, at its decision."""
        return self.engine.advance(self.state, self.paths.get("*", []))["state"]

    def take(self, color: str, *options: str) -> Any:
        """Extend `color`'s path; the action when it is complete (not yet applied), else None."""
        key = self.key(color)
        self.paths.setdefault(key, []).extend(options)
        res = self.engine.choices(self.state, self.full(color))
        if not res["complete"]:
            return None
        self.paths[key] = []
        return res["action"]

    def shown_for(self, hooks: Hooks) -> Any:
        """The state the table shows (part way through the shared path's action)."""
        if hooks.part_way and not self.simultaneous():
            return self.shown()
        return self.state

    def table_moves(self, hooks: Hooks, bots: dict[str, str]) -> tuple[list[Any], bool]:
        """Play what the table does by itself until a player (or the dice) must answer.

        A turn with nothing to choose, a decision's only option, the game's own answers for
        a player (not a bot). Returns the actions completed and whether the dice are next.
        """
        done: list[Any] = []
        game = hooks.flow
        for _ in range(10_000):
            if self.engine.is_over(self.state):
                return done, False
            top = self.top()
            if top["complete"]:
                self.apply(top["action"])
                self.paths = {}
                done.append(top["action"])
                continue
            if self.simultaneous():
                moved = False
                for color in [o["id"] for o in top["decision"]["options"]]:
                    d = self.decision(color)
                    got = flow.answer(game, self.engine, self.state, self.state, color, d,
                                      self.prefs, color in bots)  # fmt: skip
                    if got is not None:
                        action = self.take(color, got[0])
                        if action is not None:
                            self.apply(action)
                            done.append(action)
                        moved = True
                        break
                if not moved:
                    return done, False
                continue
            color = self.deciders()[0]
            d = self.decision(color)
            if chance(d):
                return done, True
            got = flow.answer(game, self.engine, self.state, self.shown_for(hooks), color, d,
                              self.prefs, color in bots)  # fmt: skip
            if got is None:
                return done, False
            action = self.take(color, got[0])
            if action is not None:
                self.apply(action)
                self.paths["*"] = []
                done.append(action)
        raise PlaytestError("the table's own answers never stop")


def logs_of(t: Table) -> dict[str, str]:
    """What each seated colour's game log holds (and the spectators', Grey), one entry a line."""
    return {c: str(t.call_in("-1", "logText", None if c == "Grey" else c) or "")
            for c in [*t.seated(), "Grey"]}  # fmt: skip


def check_secrets(t: Table, hooks: Hooks, engine: Any) -> None:
    """Raise PlaytestError when some colour can read another's hidden fact.

    Read: everything it can read at the table, and every entry of its game log, shown or
    scrolled away.
    """
    state = lua_state(t)
    seen = shown(t) if hooks.part_way and state is not None else None
    assert hooks.facts is not None, "a game's hooks give its facts, or its hands"
    found = secrets.leaks(t, hooks.facts(engine, saved(t), state, seen), logs_of(t))
    if found:
        raise PlaytestError(found[0])


def _host(t: Table) -> str:
    return next(p.color for p in t.players.values() if p.host)


def _options(t: Table, color: str, away: bool) -> list[tuple[str, str]]:
    """The options offered for `color`: in their panel, or in the host's when away."""
    return panel_options(t, _host(t), "proxy") if away else panel_options(t, color)


def _check_panel(t: Table, color: str, want: list[str], away: bool) -> None:
    """The panel's options (every page) must be the Python engine's, label for label."""
    prefix = "proxy" if away else None
    clicker = _host(t) if away else color
    seen: list[str] = []
    for _ in range(40):
        page = _options(t, color, away)
        seen += [text for _, text in page if not is_more(text)]
        more = [eid for eid, text in page if is_more(text)]
        if not more or len(seen) >= len(want):
            break
        t.click(clicker, more[0])
        settle(t)
    if seen[: len(want)] != want:
        where = "the host's panel for " + color if prefix else color + "'s panel"
        raise PlaytestError(f"{where} shows {seen}, Python offers {want}")


def _answer_dialog(t: Table, color: str, d: Any, labels: list[str], index: int) -> None:
    """Answer `color`'s private dialog (reopened from the panel if they closed it)."""
    dialog = t.dialog(color)
    if dialog is None:
        t.click(color, f"seat:{color}:private")
        dialog = t.dialog(color)
    if dialog is None:
        raise PlaytestError(f"no private dialog opens for {color}'s {d['name']}")
    offered = [x for x in dialog.options if not is_back(x)]
    if offered != labels:
        raise PlaytestError(f"{color}'s dialog offers {offered}, Python {labels}")
    t.answer(color, index + 1)


def _picks(
    t: Table,
    hooks: Hooks,
    engine: Any,
    rng: random.Random,
    secrets_check: bool,
    bots: dict[str, str] | None = None,
) -> None:
    """Before the first action, each player keeps one of what they were offered.

    At a bot's seat the table's bot keeps one by itself.
    """
    for _ in range(40):
        st = status(t)
        if not st["dealing"]:
            return
        if secrets_check:
            check_secrets(t, hooks, engine)
        humans = [c for c in st["deciders"] if c not in (bots or {})]
        if not humans:
            before = st["deciders"]
            t.run_until(
                lambda before=before: not status(t)["dealing"] or status(t)["deciders"] != before,
                BOT_SECONDS,
            )
            settle(t)
            continue
        color = humans[0]
        options = panel_options(t, color)
        if not options:
            raise PlaytestError(f"{color}'s panel offers nothing to keep")
        t.click(color, rng.choice(options)[0])
        settle(t)
    raise PlaytestError("the setup picks never ended")


BOT_SECONDS = 10.0  # the longest a bot may take over one step (its pace is under a second)


def _bot_step(
    t: Table, hooks: Hooks, engine: Any, mirror: Mirror, bots: dict[str, str], seen: list[int]
) -> tuple[str, Any, str]:
    """Run the table until one of its bots has answered a decision; check the answer.

    Returns (colour, decision, option). The answer must be its Python twin's, from the same
    state, path and seed, and the bot's path must be the mirror's.
    """

    def stepped() -> bool:
        return bool(t.from_lua(t.call_in("-1", "botTrace", seen[0]))) and not t.call_in(
            "-1", "tableBusy"
        )

    t.run_until(stepped, BOT_SECONDS)
    entries = t.from_lua(t.call_in("-1", "botTrace", seen[0]))
    e = entries[0]
    if len(entries) > 1:
        raise PlaytestError(f"the table's bots took {len(entries)} steps at once")
    seen[0] = int(e["n"])
    color, option = str(e["color"]), str(e["id"])
    path = [str(x) for x in (e.get("path") or [])]
    if path != mirror.paths.get(mirror.key(color), []):
        raise PlaytestError(f"{color}'s bot answered after {path}, Python's path is "
                            f"{mirror.paths.get(mirror.key(color), [])}")  # fmt: skip
    d = mirror.decision(color)
    level = bots[color]
    twin = hooks.bots[level].twin(engine, mirror.state, color, d, path, int(e["x0"]))
    if twin != option:
        raise PlaytestError(f"{color}'s {level} bot chose {option!r} at {d['name']}, its Python "
                            f"twin {twin!r} (seed {e['x0']}, path {path})")  # fmt: skip
    return color, d, option


def play_game(
    hooks: Hooks,
    engine: Any,
    save: dict[str, Any],
    players: int,
    seed: int,
    index: int = 0,
    bot: str = "mixed",
    after_answer: Callable[[Table, int], Table] | None = None,
    secrets_check: bool = True,
    count: bool = False,
    bots: dict[str, str] | None = None,
    interpreter: str | None = None,
) -> GameResult:
    """Play one whole game at the headless table; see the module docstring.

    `bots`: colour -> level for the seats the host gives to the table's own bots (nobody
    sits there); every step they take is checked against their Python twins.

    `after_answer(table, answers)` runs after every answer and may return another table (one
    loaded from a save, rewound, with players moved): play goes on there, the mirror rebuilt
    from the record (and the decision under way) that table holds. With `count` the table
    counts the Lua instructions of every handler (for `Costs`; it plays about half as fast).
    `interpreter`: a MoonSharp.Interpreter.dll the table's Lua runs on (harness.tts.clr),
    timed in ms instead of counted.
    """
    result = GameResult(index, seed)
    rng = random.Random(f"{hooks.seed_prefix}:{seed}:{index}")
    t = Table.load(save, seed=rng.randrange(2**31), count_instructions=count,
                   interpreter=interpreter)  # fmt: skip
    result.table = t
    colors = list(hooks.colors(engine)[:players])
    try:
        seat_players(t, colors, bots)
        t.step()
        host = next(c for c in colors if c not in (bots or {}))
        t.click(host, "start:go")
        settle(t)
        _picks(t, hooks, engine, rng, secrets_check, bots)
        record = record_of(t)
        if record is None:
            raise PlaytestError("Start dealt no game")
        mirror = Mirror(engine, record["setup"])
        t = _play(t, hooks, engine, mirror, rng, bot, result, after_answer, secrets_check,
                  bots or {})  # fmt: skip
    except (PlaytestError, IllegalAction, AssertionError) as err:
        result.problem = f"game {index + 1}, answer {result.answers + 1}: {err}"
    except Exception as err:  # a Lua error in a handler: report it with the game
        result.problem = (
            f"game {index + 1}, answer {result.answers + 1}: {type(err).__name__}: {err}"
        )
    t = result.table
    result.frames = t.frame
    result.saved = t.call_in("-1", "onSave") or None
    result.logs = logs_of(t)
    seen_text.look(t, result.foreign, result.logs)
    result.record = record_of(t)
    if result.problem is None:
        result.problem = _check_end(engine, t, result.record, index, hooks.transient)
    return result


def _sync(
    t: Table, engine: Any, mirror: Mirror, expected: list[Any] | None, chance: bool = False
) -> None:
    """Take the actions the table applied since the mirror's last.

    With `expected` (what the mirror played since, already applied there), they must be
    those, and with `chance` (the dice came next) they may go on with what the dice showed
    and what followed, which Python must accept; without (chance the table read), Python
    must accept them all. The shared path under way is then the table's (a roll's faces).
    """
    record = record_of(t)
    held = record["actions"] if record else []
    if expected is not None:
        start = mirror.count - len(expected)
        new = held[start:]
        head = new[: len(expected)] if chance else new
        if head != expected:
            k = next((i for i, (a, b) in enumerate(zip(head, expected, strict=False)) if a != b),
                     min(len(head), len(expected)))  # fmt: skip
            got = head[k] if k < len(head) else None
            want = expected[k] if k < len(expected) else None
            raise PlaytestError(f"action {start + k + 1}: the table applied {got}, "
                                f"Python {want}")  # fmt: skip
    for action in held[mirror.count :]:
        mirror.apply(action)
        mirror.paths["*"] = []
    st = status(t)
    if not st["simultaneous"]:
        mirror.paths["*"] = list(st["path"] or [])


def _pick_entry(
    menu: list[flow.Entry], choose: Callable[[Any], str], mirror: Mirror, color: str, d: Any,
    rng: random.Random,
) -> flow.Entry:  # fmt: skip
    """The entry a player clicks: their answers, one decision at a time, until one is left.

    When an extra takes the same steps (a follow window's "Not this turn", an equip window's
    "Keep my loadout for the rest of the round"), the player takes it one time in two.
    """
    plain = [e for e in menu if e.hold is None]
    prefix: list[str] = []
    decision = d
    for _ in range(64):
        prefix.append(choose(decision))
        left = [e for e in plain if e.ids[: len(prefix)] == prefix]
        if not left:
            raise PlaytestError(f"no entry of {color}'s menu starts with {prefix}")
        if len(left) == 1:
            entry = left[0]
            twins = [e for e in menu if e.hold is not None and e.ids == entry.ids]
            if twins and rng.random() < 0.5:
                return twins[0]
            return entry
        decision = mirror.engine.choices(mirror.state, mirror.full(color) + prefix)["decision"]
    raise PlaytestError(f"{color}'s menu never narrows to one entry")


def _clicks_to(index: int, count: int, slots: int) -> int:
    """Clicks a player makes to take entry `index` of `count`: the page turns, then it."""
    per = slots - 1 if count > slots else slots
    return index // per + 1


def _play(
    t: Table,
    hooks: Hooks,
    engine: Any,
    mirror: Mirror,
    rng: random.Random,
    bot: str,
    result: GameResult,
    after_answer: Callable[[Table, int], Table] | None,
    secrets_check: bool,
    bots: dict[str, str] | None = None,
) -> Table:
    bots = bots or {}
    seen = [int(status(t).get("bot_traced") or 0)]  # the bot steps already checked
    slots = OPTION_SLOTS
    # what the table did by itself before anyone answers (the first player's roll)
    moved, by_chance = mirror.table_moves(hooks, bots)
    _sync(t, engine, mirror, moved, by_chance)
    gone: dict[str, str] = {}  # a player away: name -> their colour
    stepped: dict[str, str] = {}  # a player away back for a secret choice only
    while not engine.is_over(mirror.state):
        if result.answers >= hooks.max_answers:
            raise PlaytestError(f"no end after {hooks.max_answers} answers")
        if hooks.away and result.index % 2 == 1:
            _away(t, result.answers, gone, bots)
        if secrets_check and result.answers % hooks.secrets_every == 0:
            check_secrets(t, hooks, engine)
            seen_text.look(t, result.foreign)
        st = status(t)
        # who the table's bots play now (the host may hand a seat over during the game)
        bots = {str(c): str(v) for c, v in (st.get("bots") or {}).items()}
        waiting = sorted(st["deciders"] or [])
        if waiting != sorted(mirror.deciders()):
            raise PlaytestError(f"the table waits for {waiting}, Python for {mirror.deciders()}")
        # the table's bots first: they step by themselves once the table is idle
        robots = [c for c in waiting if bots.get(c) and not chance(mirror.decision(c))]
        color = robots[0] if robots else rng.choice(waiting)
        d = mirror.decision(color)
        if hooks.check is not None:
            hooks.check(t, engine, mirror, d)
        if hooks.hands is not None:
            _hands_match(
                t,
                {
                    c: [hooks.card_name(engine, k) for k in ids]
                    for c, ids in hooks.hands(engine, mirror.state).items()
                },
            )
        if chance(d):
            # chance: the table throws the dice and reads them
            result.rolls += 1
            t.run_until(lambda t=t: not status(t)["rolling"], ROLL_SECONDS)
            settle(t)
            _sync(t, engine, mirror, None)
            continue
        away = color not in t.seated()
        if away and d["name"] in hooks.flow.private:
            # a secret choice waits for its player (nobody else may see its options): the
            # host's panel says whom the table waits for (once the host has no choice of their
            # own to make), and the player comes back to it, then steps away again
            if _host(t) not in waiting:
                _waits_for(t, color)
            stepped = dict(gone)
            _away(t, AWAY[1], gone, bots)
            away = False
        if robots:
            color, d, option = _bot_step(t, hooks, engine, mirror, bots, seen)
            result.bot_steps += 1
            ids = [option]
        else:
            ids = _answer(t, hooks, engine, mirror, rng, bot, result, color, d, away, slots)
        if stepped and result.answers < AWAY[1]:
            for name, gone_color in stepped.items():
                t.leave(name)
                gone[name] = gone_color
            settle(t)
        stepped = {}
        simultaneous = mirror.simultaneous()
        action = mirror.take(color, *ids)
        expected: list[Any] = []
        if action is not None:
            mirror.apply(action)
            if not simultaneous:
                mirror.paths["*"] = []
            expected.append(action)
        moved, by_chance = mirror.table_moves(hooks, bots)
        expected += moved
        if by_chance:
            result.rolls += 1
        over = engine.is_over(mirror.state)
        predicted = None if over or mirror.simultaneous() else list(mirror.paths.get("*", []))
        _sync(t, engine, mirror, expected, by_chance)
        if predicted is not None and not by_chance and mirror.paths["*"] != predicted:
            raise PlaytestError(f"the table's path under way is {mirror.paths['*']}, "
                                f"Python's {predicted}")  # fmt: skip
        where = first_difference(lua_state(t), json.loads(json.dumps(mirror.state)))
        if where is not None:
            raise PlaytestError(f"after action {mirror.count} the states differ at {where}")
        if hooks.part_way and not over and not mirror.simultaneous() and mirror.paths.get("*"):
            # part way through an action the table shows what it has done so far
            where = first_difference(shown(t), engine.view(mirror.shown(), None))
            if where is not None:
                raise PlaytestError(f"part way through an action the table shows {where} "
                                    "unlike Python's")  # fmt: skip
        if after_answer is not None:
            moved_to = after_answer(t, result.answers)
            if moved_to is not t:
                t = result.table = moved_to
                settle(t)  # a load works over a few frames
                mirror = _mirror_of(t, engine, hooks.transient)
                seen = [int(status(t).get("bot_traced") or 0)]
    if secrets_check:
        check_secrets(t, hooks, engine)
    return t


def _hands_match(t: Table, hands: dict[str, list[str]]) -> None:
    """Each seat's hand zone holds exactly the cards the Python state gives that player."""
    for color, want in hands.items():
        held = sorted(t.hands(color).get(color, []))
        if held != sorted(want):
            raise PlaytestError(f"{color}'s hand zone holds {held}, the state {sorted(want)}")


AWAY = (3, 40)  # the answers at which a player leaves, then comes back


def _away(t: Table, answers: int, gone: dict[str, str], bots: dict[str, str]) -> None:
    """A player other than the host leaves at AWAY[0] answers and comes back at AWAY[1]."""
    if answers == AWAY[0] and not gone:
        names = [n for n, p in t.players.items() if not p.host and p.color not in ("Grey", *bots)]
        if names:
            gone[names[-1]] = t.players[names[-1]].color
            t.leave(names[-1])
            settle(t)
    elif answers == AWAY[1]:
        for name, color in gone.items():
            t.join(name, color)
        gone.clear()
        settle(t)


def _waits_for(t: Table, color: str) -> None:
    """The host's panel names `color`, away, as the one the table waits for."""
    host = _host(t)
    viewer = t.viewer(host)
    shown = " ".join(
        element.attributes.get("text", "") or (element.text or "")
        for element, parents in ui.walk(t.global_xml)
        if (element.id or "").startswith(f"seat:{host}:") and ui.shown(element, parents, viewer)
    )
    if color not in shown:
        raise PlaytestError(f"{color} is away with a secret choice to make, but the host's "
                            f"panel does not say the table waits for them: {shown!r}")  # fmt: skip


def _answer(
    t: Table, hooks: Hooks, engine: Any, mirror: Mirror, rng: random.Random, bot: str,
    result: GameResult, color: str, d: Any, away: bool, slots: int,
) -> list[str]:  # fmt: skip
    """A player answers `color`'s decision from their menu, as they see it; the ids taken.

    The menu must be the Python twin's, label for label; the clicks it takes are counted
    (page turns and the table's questions too), and the table's holds and notes follow.
    """
    game = hooks.flow
    shown_before = mirror.shown_for(hooks)
    depth = len(mirror.paths.get(mirror.key(color), []))
    full = mirror.full(color)
    menu = flow.entries(game, engine, mirror.state, full, d)
    path = mirror.paths.get(mirror.key(color), [])
    choose = chooser_for(hooks.bots, bot, engine, mirror.state, rng, path)
    entry = _pick_entry(menu, choose, mirror, color, d, rng)
    position = menu.index(entry)
    want = [e.label for e in menu]
    if away and d["name"] in game.hidden:  # the host decides from what the host may see
        want = flow.masked(game, color, menu)
    clicker = _host(t) if away else color
    prefix = "proxy" if away else None
    private = d["name"] in game.private
    if private:
        _answer_dialog(t, color, d, want, position)
        result.clicks += 1
    else:
        _check_panel(t, color, want, away)
        click_option(t, clicker, want[position], position, prefix)
        result.clicks += _clicks_to(position, len(menu), slots)
    settle(t)
    result.answers += 1
    question = game.confirm(d, flow.taken(engine, mirror.state, full, entry), depth) if (
        game.confirm) else None  # fmt: skip
    if question is not None:
        # the table asks before this entry (End turn with a die usable; a program locked
        # in): yes
        if private:
            _answer_dialog(t, color, d, list(question), 0)
        else:
            click_option(t, clicker, question[0], 0, prefix)
        settle(t)
        result.clicks += 1
    if entry.hold is not None:
        mirror.prefs.hold[color] = entry.hold
    if game.chose is not None:
        game.chose(engine, shown_before, color, d, entry, mirror.prefs)
    return entry.ids


def _mirror_of(t: Table, engine: Any, transient: tuple[str, ...] = ()) -> Mirror:
    """A mirror of a table just loaded: its record replayed, its decision under way taken.

    A table loaded at its resume point has not kept the `transient` fields of the last
    action (its events): they are empty there until the next action.
    """
    record = record_of(t)
    assert record is not None
    mirror = Mirror(engine, record["setup"])
    for action in record["actions"]:
        mirror.apply(action)
    loaded = lua_state(t) or {}
    for key in transient:
        if loaded.get(key) == [] and mirror.state.get(key):
            mirror.state = {**mirror.state, key: []}
    st = status(t)
    section = (saved(t) or {}).get("table") or {}
    if not st["simultaneous"]:
        mirror.paths["*"] = list(st["path"] or [])
    else:
        # each colour's own decision under way (a program half made) is kept by a load
        for color, steps in (section.get("own") or {}).items():
            mirror.paths[color] = [s["id"] for s in steps]
    mirror.prefs = prefs_of(t)
    return mirror


def prefs_of(t: Table) -> flow.Prefs:
    """What a table keeps per colour for its own answers (its saved prefs)."""
    prefs = ((saved(t) or {}).get("table") or {}).get("prefs") or {}
    return flow.Prefs(
        auto={c for c, on in (prefs.get("auto") or {}).items() if on},
        hold=dict(prefs.get("hold") or {}),
        note=dict(prefs.get("note") or {}),
    )


def _check_end(
    engine: Any,
    t: Table,
    record: dict[str, Any] | None,
    index: int,
    transient: tuple[str, ...] = (),
) -> str | None:
    """The saved record replays in Python to the table's state, past its resume point too.

    The resume point holds the state without its `transient` fields.
    """
    if record is None:
        return f"game {index + 1}: the table saved no game record"
    try:
        state = engine.new_game(record["setup"])
        at = (saved(t) or {}).get("table", {}).get("at")
        for k, action in enumerate(record["actions"]):
            if k == at:
                want = {key: v for key, v in json.loads(json.dumps(state)).items()
                        if key not in transient}  # fmt: skip
                where = first_difference((saved(t) or {})["table"]["state"], want)
                if where is not None:
                    return (f"game {index + 1}: the saved resume point differs from the "
                            f"replay at {where}")  # fmt: skip
            state = engine.apply(state, action)
    except IllegalAction as err:
        return f"game {index + 1}: Python refuses the table's record: {err}"
    where = first_difference(lua_state(t), json.loads(json.dumps(state)))
    if where is not None:
        n = len(record["actions"])
        return f"game {index + 1}, after action {n}: the final state differs at {where}"
    if not engine.is_over(state):
        return f"game {index + 1}: the table's game did not end"
    return None


@dataclass
class Runner:
    """A game's playtest: its hooks bound to the shared driver."""

    hooks: Hooks
    extra: dict[str, Any] = field(default_factory=dict)

    def play_game(
        self,
        engine: Any,
        save: dict[str, Any],
        players: int,
        seed: int,
        index: int = 0,
        bot: str = "mixed",
        after_answer: Callable[[Table, int], Table] | None = None,
        secrets_check: bool = True,
        count: bool = False,
        bots: dict[str, str] | None = None,
        interpreter: str | None = None,
        secrets_every: int | None = None,
    ) -> GameResult:
        """One whole game (see play_game); `secrets_every` instead of the hooks' when given."""
        hooks = self.hooks
        if secrets_every is not None:
            hooks = replace(hooks, secrets_every=secrets_every)
        return play_game(hooks, engine, save, players, seed, index, bot, after_answer,
                         secrets_check, count, bots, interpreter)  # fmt: skip

    def play_on(self, engine: Any, t: Table, rng: random.Random, bot: str = "mixed") -> GameResult:
        """Play a game already dealt at table `t` to its end (see play_game)."""
        result = GameResult(0, 0)
        result.table = t
        try:
            mirror = _mirror_of(t, engine, self.hooks.transient)
            t = _play(t, self.hooks, engine, mirror, rng, bot, result, None, True)
        except (PlaytestError, IllegalAction, AssertionError) as err:
            result.problem = f"answer {result.answers + 1}: {err}"
        result.record = record_of(result.table)
        return result

    def run(
        self,
        engine: Any,
        save: dict[str, Any],
        games: int,
        players: int,
        seed: int,
        bot: str = "mixed",
        count: bool = False,
        bots: dict[str, str] | None = None,
        interpreter: str | None = None,
        secrets_every: int | None = None,
    ) -> Iterator[GameResult]:
        """`games` seeded games (game i has its own seed, so any one can be replayed alone).

        `secrets_every`: answers between two looks at what every colour can read (default:
        the game's hooks'; `ttsmod playtest` looks after every answer).

        With `interpreter` each game is played on it, then again on lupa (counted: its
        `twin`), and the two must be the same game: the state after every answer, the
        record, every colour's log.
        """
        if secrets_every is not None and secrets_every != self.hooks.secrets_every:
            yield from Runner(replace(self.hooks, secrets_every=secrets_every)).run(
                engine, save, games, players, seed, bot, count, bots, interpreter
            )
            return
        for index in range(games):
            if interpreter is None:
                yield self.play_game(engine, save, players, seed, index, bot, count=count,
                                     bots=bots)  # fmt: skip
            else:
                yield self.play_twins(engine, save, players, seed, index, bot, bots, interpreter)

    def play_twins(
        self,
        engine: Any,
        save: dict[str, Any],
        players: int,
        seed: int,
        index: int,
        bot: str,
        bots: dict[str, str] | None,
        interpreter: str,
    ) -> GameResult:
        """One game on `interpreter`, then on lupa (counted: its `twin`), compared."""
        trails: list[list[str]] = [[], []]
        real, twin = (
            self.play_game(engine, save, players, seed, index, bot, _trail(trail), count=True,
                           bots=bots, interpreter=dll)
            for trail, dll in zip(trails, (interpreter, None), strict=True)
        )  # fmt: skip
        real.twin = twin
        if real.problem is None:
            real.problem = twin_difference(real, twin, *trails)
        return real


def _trail(trail: list[str]) -> Callable[[Table, int], Table]:
    """An after_answer that keeps a digest of the table's state after every answer."""

    def keep(t: Table, answers: int) -> Table:
        text = json.dumps(lua_state(t), sort_keys=True, separators=(",", ":"))
        trail.append(hashlib.sha256(text.encode()).hexdigest())
        return t

    return keep


def twin_difference(
    real: GameResult, twin: GameResult, real_trail: list[str], twin_trail: list[str]
) -> str | None:
    """How a game on the real interpreter differs from the same game on lupa (None: not)."""
    where = f"game {real.index + 1}"
    if twin.problem is not None:
        return f"{where}: on lupa (the same game): {twin.problem}"
    for k, (a, b) in enumerate(zip(real_trail, twin_trail, strict=False)):
        if a != b:
            return f"{where}, answer {k + 1}: the state on MoonSharp differs from lupa's"
    if len(real_trail) != len(twin_trail):
        return (f"{where}: {len(real_trail)} answers on MoonSharp, {len(twin_trail)} on "
                "lupa")  # fmt: skip
    found = first_difference(real.record, twin.record)
    if found is not None:
        return f"{where}: the record on MoonSharp differs from lupa's at {found}"
    for color in sorted(set(real.logs) | set(twin.logs)):
        if real.logs.get(color) != twin.logs.get(color):
            return f"{where}: {color}'s log on MoonSharp differs from lupa's"
    return None
