"""The differential check: both engines play the same actions and must agree after each one.

After every action the canonical JSON states must be byte-identical; an action one engine
refuses must be refused by the other; and (unless turned off) both engines must offer the same
options, with the same ids and labels, at every decision along the action's path of choices
and along random detours off it.
A divergence is reported with the action's index and the first JSON path where the two
states differ, and shrunk to the shortest record that still shows it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from lupa.lua52 import LuaError

from generator import games
from generator.engines.errors import BadPath, BadSetup, IllegalAction, canonical
from generator.engines.steps import chance
from generator.games import game_rng
from generator.harness.lua_engine import LuaEngine, trace_text
from generator.problems import pointer

Record = dict[str, Any]
Decision = dict[str, Any]
Engine = Any  # a game's Python engine (generator.games.Game.engine)
Outcome = tuple[str, str]  # ("state", canonical JSON) or ("refused", reason)


@dataclass
class Divergence:
    """Where the engines first disagreed."""

    index: int  # the action's index in the record; -1 for the setup
    action: Any
    python: Outcome
    lua: Outcome
    path: str  # first differing JSON pointer ("" when one refused)
    record: Record = field(default_factory=dict)
    bot: str = ""  # a table bot's choice differed: the decision it was, else ""

    def describe(self) -> str:
        """One paragraph for the terminal."""
        if self.bot:
            return "\n".join([
                f"the bots disagree in action {self.index + 1}, at {self.bot}",
                f"  python: {self.python[1]}",
                f"  lua:    {self.lua[1]}",
            ])  # fmt: skip
        # numbered from 1, as `ttsmod replay --at N` and the log number actions
        n = self.index + 1
        what = "the setup" if self.index < 0 else f"action {n} {canonical(self.action)}"
        lines = [f"engines disagree after {what}"]
        if self.path:
            lines.append(f"first difference at {self.path}")
            lines.append(f"  python: {_at(self.python[1], self.path)}")
            lines.append(f"  lua:    {_at(self.lua[1], self.path)}")
        else:
            lines.append(f"  python: {self.python[0]} {self.python[1][:200]}")
            lines.append(f"  lua:    {self.lua[0]} {self.lua[1][:200]}")
        return "\n".join(lines)


def _at(text: str, ptr: str) -> str:
    value: Any = json.loads(text)
    for token in ptr.split("/")[1:]:
        try:
            value = value[int(token)] if isinstance(value, list) else value[token]
        except (KeyError, IndexError, ValueError):
            return "(absent)"
    return json.dumps(value, sort_keys=True)[:200]


def first_difference(a: Any, b: Any, path: tuple[Any, ...] = ()) -> str | None:
    """The JSON pointer of the first place two JSON values differ (None when equal)."""
    if type(a) is not type(b):
        return pointer(path)
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                return pointer((*path, key))
            found = first_difference(a[key], b[key], (*path, key))
            if found is not None:
                return found
        return None
    if isinstance(a, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            found = first_difference(x, y, (*path, i))
            if found is not None:
                return found
        return None if len(a) == len(b) else pointer((*path, min(len(a), len(b))))
    return None if a == b else pointer(path)


def _diverged(index: int, action: Any, py: Outcome, lua: Outcome) -> Divergence | None:
    if py == lua or (py[0] == lua[0] == "refused"):
        return None
    path = ""
    if py[0] == lua[0] == "state":
        path = first_difference(json.loads(py[1]), json.loads(lua[1])) or ""
    return Divergence(index, action, py, lua, path)


class Pair:
    """The two engines, stepping together."""

    def __init__(
        self,
        python: Engine,
        lua: LuaEngine,
        compare_choices: bool = True,
        game: str = games.DEFAULT,
    ) -> None:
        self.python = python
        self.lua = lua
        self.compare_choices = compare_choices
        self.game = games.get(game)

    def start(self, setup: dict[str, Any]) -> tuple[Any, Any, Divergence | None]:
        """Both opening states, and a divergence if they differ."""
        py_state, lua_state = None, None
        try:
            py_state = self.python.new_game(setup)
            py: Outcome = ("state", canonical(py_state))
        except BadSetup as err:
            py = ("refused", str(err))
        try:
            lua_state = self.lua.new_game(setup)
            lu: Outcome = ("state", self.lua.encode(lua_state))
        except BadSetup as err:
            lu = ("refused", str(err))
        return py_state, lua_state, _diverged(-1, setup, py, lu)

    def step(
        self,
        index: int,
        py_state: Any,
        lua_state: Any,
        action: Any,
        walks: list[tuple[list[str], Any]] | None = None,
    ) -> tuple[Any, Any, Divergence | None]:
        """Apply one action in both; the new states (None where refused) and any divergence.

        Before it, when choices are compared, the options along each path of `walks` (the
        action's own path when None) are compared. A walk is (path, known): `known` is the
        Python engine's (trace, action) for that path when the caller already has it.
        """
        if self.compare_choices:
            if walks is None:
                try:
                    walks = [(self.python.path_of(py_state, action), None)]
                except IllegalAction:
                    walks = []
            for path, known in walks:
                found = self.compare_trace(index, action, py_state, lua_state, path, known)
                if found is not None:
                    return None, None, found
        py_next = lua_next = None
        try:
            py_next = self.python.apply(py_state, action)
        except IllegalAction as err:
            py: Outcome = ("refused", err.reason)
        try:
            lua_next = self.lua.apply(lua_state, action)
        except IllegalAction as err:
            lu: Outcome = ("refused", err.reason)
        except LuaError as err:  # a crash in the Lua core is a divergence, not a refusal
            lu = ("crashed", str(err))
        if py_next is not None and lua_next is not None:
            if self.lua.same(lua_next, py_next):
                return py_next, lua_next, None  # (the texts would be equal: not written)
            py, lu = ("state", canonical(py_next)), ("state", self.lua.encode(lua_next))
        elif py_next is not None:
            py = ("state", canonical(py_next))
        elif lua_next is not None:
            lu = ("state", self.lua.encode(lua_next))
        return py_next, lua_next, _diverged(index, action, py, lu)

    def compare_trace(
        self,
        index: int,
        action: Any,
        py_state: Any,
        lua_state: Any,
        path: list[str],
        known: Any = None,
    ) -> Divergence | None:
        """A divergence when the engines offer different options anywhere along `path`."""
        py: Outcome
        lu: Outcome
        try:
            trace, built = known if known is not None else self.python.trace(py_state, path)
            py = ("choices", trace_text(trace, built))
        except BadPath as err:
            py = ("bad path", str(err))
        try:
            lu = ("choices", self.lua.trace_text(lua_state, path))
        except BadPath as err:
            lu = ("bad path", str(err))
        except LuaError as err:
            lu = ("crashed", str(err))
        if py == lu:
            return None
        if py[0] == lu[0] == "choices":
            # Report the first line where the options differ.
            pairs = zip(py[1].splitlines(), lu[1].splitlines(), strict=False)
            line = next((k for k, (a, b) in enumerate(pairs) if a != b), None)
            py = ("choices", f"line {line}: " + "\n".join(py[1].splitlines()[line:][:3]))
            lu = ("choices", f"line {line}: " + "\n".join(lu[1].splitlines()[line:][:3]))
        return Divergence(index, {"path": path, "action": action}, py, lu, "")


@dataclass(frozen=True)
class Refusal:
    """Both engines refused the same action: the record is illegal from there on."""

    index: int
    action: Any
    python: str
    lua: str


def check_record(pair: Pair, record: Record) -> Divergence | Refusal | None:
    """Replay a record in both engines: the first divergence, a refusal both agree on, or None."""
    return replay_both(pair, record)[0]


def replay_both(
    pair: Pair, record: Record, check: Callable[[int, Any], None] | None = None
) -> tuple[Divergence | Refusal | None, Any]:
    """Replay a record in both engines: what check_record finds, and the Python final state.

    `check(index, action)` runs before each action (see records.replay). A setup both
    engines refuse is a Refusal at index -1.
    """
    py_state, lua_state, found = pair.start(record["setup"])
    if found is not None:
        return found, None
    if py_state is None:
        setup = record["setup"]
        reasons = _setup_reason(pair.python, setup), _setup_reason(pair.lua, setup)
        return Refusal(-1, setup, *reasons), None
    for index, action in enumerate(record["actions"]):
        if check is not None:
            check(index, action)
        before = (py_state, lua_state)
        py_state, lua_state, found = pair.step(index, py_state, lua_state, action)
        if found is not None:
            return found, None
        if py_state is None:
            py_reason = _reason(pair.python, before[0], action)
            lua_reason = _reason(pair.lua, before[1], action)
            return Refusal(index, action, py_reason, lua_reason), None
    return None, py_state


def _setup_reason(engine: Engine | LuaEngine, setup: Any) -> str:
    try:
        engine.new_game(setup)
    except BadSetup as err:
        return str(err)
    return ""


def _reason(engine: Engine | LuaEngine, state: Any, action: Any) -> str:
    try:
        engine.apply(state, action)
    except IllegalAction as err:
        return err.reason
    return ""


def shrink(pair: Pair, record: Record, found: Divergence) -> Record:
    """The shortest record that still diverges.

    Cut after the divergence, then drop earlier actions one at a time while the engines
    still disagree.
    """
    best = {**record, "actions": record["actions"][: found.index + 1]}
    i = len(best["actions"]) - 2
    while i >= 0:
        trial = {**best, "actions": best["actions"][:i] + best["actions"][i + 1 :]}
        again = check_record(pair, trial)
        if isinstance(again, Divergence):
            best = {**trial, "actions": trial["actions"][: again.index + 1]}
            i = min(i, len(best["actions"])) - 1
        else:
            i -= 1
    return best


@dataclass
class GameResult:
    """One cross-checked self-play game."""

    record: Record
    actions: int
    divergence: Divergence | None
    # the Python engine's states from the setup's on, when the game was played whole (the
    # story checker reads them rather than playing the game again); not kept past the check
    states: list[Any] | None = None


# The share of actions whose check also walks a random detour off the action's own path.
DETOURS = 0.25


def detour(
    engine: Engine, state: Any, path: list[str], rng: random.Random, game: games.Game | None = None
) -> list[str]:
    """A random path that leaves `path` at a random decision, then chooses at random."""
    leave = rng.randrange(len(path))
    taken = 0
    found = game or games.get(games.DEFAULT)

    def choose(decision: Decision) -> str:
        nonlocal taken
        taken += 1
        if chance(decision):
            return found.random_answer(engine, decision, rng)
        ids = [o["id"] for o in decision["options"]]
        if taken <= leave:
            return path[taken - 1]
        if taken == leave + 1 and len(ids) > 1 and path[leave] in ids:
            ids.remove(path[leave])
        return str(rng.choice(ids))

    return engine.play(state, choose)[1]


def play_both(
    pair: Pair, setup: dict[str, Any], bots: list[str], rng: random.Random, limit: int = 100_000
) -> GameResult:
    """Self-play (bots choose from the Python engine) with every action applied by both."""
    py_state, lua_state, found = pair.start(setup)
    record: Record = {"game": pair.game.id, "setup": setup, "actions": []}
    bots_by_name = pair.game.bots()
    if found is not None:
        return GameResult(record, 0, found)
    colors = setup["players"]
    states = [py_state]
    while not pair.python.is_over(py_state):
        if len(record["actions"]) >= limit:
            raise RuntimeError(f"game did not end after {limit} actions")
        who = str(pair.python.to_act(py_state))
        name = bots[colors.index(who)]
        chooser = bots_by_name[name](pair.python, py_state, rng)
        index = len(record["actions"])
        twins: list[Divergence] = []
        if hasattr(chooser, "seed"):  # a table level: its Lua twin must choose alike
            chooser = _twinned(pair, chooser, name, lua_state, who, index, twins)
        trace: list[Decision] = []
        action, path = pair.python.play(py_state, chooser, trace)
        record["actions"].append(action)
        if twins:
            return GameResult(record, index + 1, twins[0])
        walks = [(path, (trace, action))]
        if pair.compare_choices and path and rng.random() < DETOURS:
            walks.append((detour(pair.python, py_state, path, rng, pair.game), None))
        py_state, lua_state, found = pair.step(index, py_state, lua_state, action, walks)
        if found is not None:
            return GameResult(record, index + 1, found)
        states.append(py_state)
    return GameResult(record, len(record["actions"]), None, states)


def _twinned(
    pair: Pair,
    chooser: Callable[[Decision], str],
    level: str,
    lua_state: Any,
    who: str,
    index: int,
    found: list[Divergence],
) -> Callable[[Decision], str]:
    """`chooser` (a Python table bot) asking its Lua twin every decision too.

    Both answer from the same state, path and seed; the first difference goes into `found`.
    """
    path: list[str] = []
    seed = chooser.seed  # type: ignore[attr-defined]

    def choose(decision: Decision) -> str:
        answer = chooser(decision)
        if chance(decision) or (decision["name"] == "player" and decision["player"] is None):
            return answer
        color = decision["player"] or who
        lua = pair.lua.bot(level, lua_state, color, decision, path, seed)
        if lua != answer and not found:
            at = f"{decision['name']} ({color}, {level} bot, seed {seed}, after {path})"
            found.append(Divergence(index, None, ("bot", answer), ("bot", lua), "", bot=at))
        path.append(answer)
        return answer

    return choose


def play_game(pair: Pair, index: int, seed: int, players: list[int], bots: list[str]) -> GameResult:
    """Cross-check game `index` of a run seeded `seed` (player counts cycle through `players`).

    The game depends on the seed and its index alone: any one can be played again by itself.
    """
    n = players[index % len(players)]
    rng = game_rng(seed, index)
    seats = [bots[i % len(bots)] for i in range(n)]
    result = play_both(pair, pair.game.deal(pair.python, n, rng), seats, rng)
    if result.divergence is not None and not result.divergence.bot:
        result.divergence.record = shrink(pair, result.record, result.divergence)
    elif result.divergence is not None:
        result.divergence.record = result.record
    return result


def crosscheck(
    pair: Pair,
    games: int,
    seed: int,
    players: list[int],
    bots: list[str],
    on_game: Callable[[GameResult], None] | None = None,
) -> Iterator[GameResult]:
    """Cross-check `games` seeded self-play games; player counts cycle through `players`."""
    for index in range(games):
        result = play_game(pair, index, seed, players, bots)
        if on_game is not None:
            on_game(result)
        yield result


@dataclass(frozen=True)
class Plan:
    """A cross-check run as plain data, so that every process can make its own engines."""

    source: str  # a game id or a card folder
    game: str
    seed: int
    players: list[int]
    bots: list[str]
    choices: bool = True
    lang: str | None = None  # both engines speak it (None: English)
    story: bool = True  # each game's log checked against its states (games with numbers)


@dataclass
class Checked:
    """One game of a run: what play_game found and what the story checker found."""

    result: GameResult
    story: list[str] = field(default_factory=list)


@dataclass
class Ready:
    """A plan's engines, made once per process."""

    plan: Plan
    pair: Pair
    words: dict[str, str] | None
    teller: Any = None


def ready(plan: Plan) -> Ready:
    """The engines a plan plays with (its card data read and checked by the caller first)."""
    from generator import cards, i18n
    from generator.harness.story import Teller
    from generator.luabuild.scripts import generated_modules

    report = cards.validate(plan.source, plan.game)
    rules = games.get(report.game)
    data = report.own_data
    words = None
    told = report.documents  # the story is told in English, from the same card data
    if plan.lang is not None and plan.lang != i18n.SOURCE:
        words = i18n.translator(report.game, plan.lang)
        report = i18n.translate_cards(report, words)  # type: ignore[assignment]
        data = report.data
    assert report.documents is not None
    module = generated_modules(report.game, report.documents)[f"{report.game}.data"]
    lua = LuaEngine({f"{report.game}.data": module}, seed=plan.seed, game=report.game, words=words)
    pair = Pair(rules.engine(data), lua, compare_choices=plan.choices, game=report.game)  # type: ignore[attr-defined]
    numbers = getattr(rules, "numbers", None)
    teller = Teller(report.game, told) if plan.story and numbers else None
    return Ready(plan, pair, words, teller)


def check_game(run: Ready, index: int) -> Checked:
    """Game `index` of the run, cross-checked, and (when it agreed) its story checked."""
    from generator import i18n
    from generator.harness import storycheck

    plan = run.plan
    with i18n.speaking(run.words):
        result = play_game(run.pair, index, plan.seed, plan.players, plan.bots)
        states, result.states = result.states, None  # (not sent back to the caller)
        if result.divergence is not None or run.teller is None:
            return Checked(result)
        # the story the table tells of the game, as a spectator reads it
        found = storycheck.check_record(
            plan.game,
            result.record,
            run.teller,
            readers=[None],
            states=states,
            engine=run.pair.python,
        )
    return Checked(result, [str(f) for f in found])


def run_plan(plan: Plan, games: int, jobs: int = 1) -> Iterator[Checked]:
    """The plan's games 0..games-1 over `jobs` processes, in order (the same whatever `jobs`)."""
    from generator.harness.spread import in_order

    return in_order(games, jobs, ready, (plan,), check_game)
