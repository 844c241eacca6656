"""What a player clicks for a decision, any game: the Python twin of lua/glue/flow.lua.

A decision's options are the core's, one field at a time; a menu is what the table's panel or
dialog offers for it. Each entry is a run of steps one click takes: an option, then every
decision of the same player with a single option; where the game asks (`inline`), an
option's next decision listed in its place; and the game's extras (the same steps, setting a
hold). A decision with one option is the table's to take, for everyone (`forced`), and a
game may answer others for a player (`auto`: a switch, a hold, a loadout unchanged).

The playtest reads the table's panels and dialogs against these entries, label for label,
and plays the table's own answers in its mirror (generator/harness/playtest.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from generator.engines.steps import chance
from generator.i18n import tr

Decision = dict[str, Any]


@dataclass
class Step:
    """One option taken: its id and words, and the decision it answers."""

    id: str
    label: str
    name: str
    player: str | None
    forced: bool = False  # the decision's only option
    inlined: bool = False  # its next decision is listed in its place


@dataclass
class Entry:
    """What one click takes: its steps, its words, and whether they end the action."""

    steps: list[Step]
    label: str = ""
    complete: bool = False
    result: dict[str, Any] | None = None  # the core's choices() after the steps (look-ahead)
    hold: str | None = None  # an extra's: the answer the table then gives for the player

    @property
    def ids(self) -> list[str]:
        """The option ids the click adds to the path."""
        return [s.id for s in self.steps]


@dataclass
class Prefs:
    """What the table keeps per colour for its own answers (saved with the game)."""

    auto: set[str] = field(default_factory=set)  # a switch turned on (teg: Pass automatically)
    hold: dict[str, str] = field(default_factory=dict)  # colour -> an extra's hold
    note: dict[str, str] = field(default_factory=dict)  # colour -> what the game noted


@dataclass
class Game:
    """A game's part of the flow (each game's playtest hooks give it)."""

    # (engine, state, d, option): the option's words (default: the core's label)
    label: Callable[[Any, Any, Decision, dict[str, Any]], str] = lambda engine, state, d, o: str(
        o["label"]
    )
    lookahead: Callable[[Decision], bool] = lambda d: False
    inline: Callable[[Decision, dict[str, Any], Decision], bool] = lambda d, o, nxt: False
    inline_lookahead: Callable[[Decision], bool] = lambda d: True  # an inlined one seen past
    compose: Callable[[list[Step]], str] | None = None
    extras: Callable[[Any, Any, Decision, list[Entry]], list[Entry]] | None = None
    # (engine, state, shown, colour, d, prefs) -> (option id, why) or None
    auto: Callable[[Any, Any, Any, str, Decision, Prefs], tuple[str, str] | None] | None = None
    # (engine, shown, colour, d, entry, prefs): what the game notes when a player chose
    chose: Callable[[Any, Any, str, Decision, Entry, Prefs], None] | None = None
    # (d, entry, depth) -> (yes, no) the question the table asks before the entry, or None
    confirm: Callable[[Decision, Entry, int], tuple[str, str] | None] | None = None
    private: frozenset[str] = frozenset()
    # decisions whose labels name what only their decider may see: the host's stand-in panel
    # shows each entry `masked` (glue.panels' twin)
    hidden: frozenset[str] = frozenset()


def forced(d: Decision | None) -> dict[str, Any] | None:
    """The option the table takes by itself: a decision's only one (None: a player answers)."""
    if d is None or chance(d) or len(d.get("options") or []) != 1:
        return None
    return d["options"][0]  # type: ignore[no-any-return]


def compose(game: Game, steps: list[Step]) -> str:
    """What an entry says: the game's compose, else the first label then the rest."""
    if game.compose is not None:
        return game.compose(steps)
    text = steps[0].label
    for i, s in enumerate(steps[1:]):
        said = {"text": text, "next": s.label}
        text = tr("{text}: {next}", **said) if i == 0 else tr("{text}, {next}", **said)
    return text


def masked(game: Game, color: str, menu: list[Entry]) -> list[str]:
    """The menu's words on the host's stand-in panel for `color`, away (glue.panels' twin).

    Each hidden answer by its number, in the order the menu first meets it ("Red's choice 2");
    the other steps as they are.
    """
    numbers: dict[tuple[str, str], int] = {}
    out = []
    for e in menu:
        steps = []
        for s in e.steps:
            if s.name in game.hidden:
                k = numbers.setdefault((s.name, s.id), len(numbers) + 1)
                s = Step(s.id, tr("{color}'s choice {k}", color=color, k=k), s.name, s.player)
            steps.append(s)
        out.append(compose(game, steps))
    return out


def entries(game: Game, engine: Any, state: Any, path: list[str], d: Decision) -> list[Entry]:
    """The menu of decision `d` at `path` (the core's full path) in `state`."""
    out: list[Entry] = []
    look = game.lookahead(d)

    def step(dd: Decision, o: dict[str, Any], forced_: bool = False) -> Step:
        return Step(o["id"], game.label(engine, state, dd, o), dd["name"], dd.get("player"),
                    forced_)  # fmt: skip

    def follows(dd: Decision, nxt: Decision | None) -> bool:
        return (
            nxt is not None
            and not chance(nxt)
            and nxt.get("player") == dd.get("player")
            and (nxt["name"] in game.private) == (dd["name"] in game.private)
        )

    def expand(prefix: list[Step], dd: Decision, o: dict[str, Any], look_here: bool) -> None:
        steps = [*prefix, step(dd, o)]
        if not look_here:
            out.append(Entry(steps))
            return
        res = engine.choices(state, path + [s.id for s in steps])
        while (
            not res["complete"]
            and follows(dd, res["decision"])
            and (len(res["decision"]["options"]) == 1)
        ):
            steps.append(step(res["decision"], res["decision"]["options"][0], True))
            res = engine.choices(state, path + [s.id for s in steps])
        nxt = None if res["complete"] else res["decision"]
        if nxt is not None and follows(dd, nxt) and game.inline(dd, o, nxt):
            steps[-1].inlined = True
            look_next = game.inline_lookahead(nxt)
            for o2 in nxt["options"]:
                expand(steps, nxt, o2, look_next)
            return
        out.append(Entry(steps, complete=bool(res["complete"]), result=res))

    for o in d["options"]:
        expand([], d, o, look)
    for e in out:
        e.label = compose(game, e.steps)
    if game.extras is not None:
        out += game.extras(engine, state, d, out)
    return out


def taken(engine: Any, state: Any, path: list[str], entry: Entry) -> Entry:
    """`entry` as the table takes it: one not seen past is resolved once, when taken."""
    if entry.result is not None:
        return entry
    res = engine.choices(state, path + entry.ids)
    return Entry(entry.steps, entry.label, bool(res["complete"]), res, entry.hold)


def answer(
    game: Game, engine: Any, state: Any, shown: Any, color: str, d: Decision | None,
    prefs: Prefs, bot: bool,
) -> tuple[str, str] | None:  # fmt: skip
    """The table's own answer to `color`'s decision: (option id, why) or None.

    Its only option (for everyone), else the game's answer for a player (not a bot).
    """
    if d is None or chance(d):
        return None
    only = forced(d)
    if only is not None:
        return str(only["id"]), "only"
    if bot or game.auto is None:
        return None
    return game.auto(engine, state, shown, color, d, prefs)
