"""Secrets at the table, any game: what no colour may read of another player's hidden facts.

A game's playtest says what is hidden now (`Facts`: each colour's own secrets, patterns no
one may read in public, what no container may hold, the order a deck will be dealt in);
`leaks(table, facts)` reads everything each colour can read at the headless table
(`Table.readable`: its view of the UI, its chat, its own dialog, the notebook pages it may
open, the names and descriptions of the objects it can see, the contents of the containers
it could search) and names every hidden fact found there. Black, the game master, sees every
hand by TTS's design (the tables warn everyone), so it is not checked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from generator.harness.tts.emulator import SEAT_COLORS


@dataclass
class Facts:
    """What is hidden at a table now.

    `private`: per colour, the terms only that colour may read. `public`: patterns no colour
    may read outside its own dialog and the lines marked as its alone ("[Red only] ...": its
    own log entries; a mine's number). `unsearchable`: terms no container a
    colour can search may hold, but that colour's own private terms (which missions are in
    play). `no_container`: GUIDs no container may hold at all (a Search shows card faces no
    text says). `upcoming`: the next cards of a deck, in order, each as the terms that name
    it; its order is readable when `order_run` of them appear in a row, checked once the deck
    holds `order_min` cards (fewer would match by chance too often).
    """

    private: dict[str, set[str]] = field(default_factory=dict)
    public: list[re.Pattern[str]] = field(default_factory=list)
    unsearchable: set[str] = field(default_factory=set)
    no_container: set[str] = field(default_factory=set)
    upcoming: list[set[str]] = field(default_factory=list)
    order_run: int = 5
    order_min: int = 5
    deck: str = "deck"  # what the order is of, in a finding
    secret: str = ""  # what a private term is, in a finding ("mission ")


def leaks(table: Any, facts: Facts, logs: dict[str, str] | None = None) -> list[str]:
    """Every hidden fact some colour other than its owner can read now, as readable lines.

    `logs`: each colour's whole game log (what its log panel scrolls through), read too.
    """
    found = []
    colors = [c for c in (*table.seated(), "Grey") if c in (*SEAT_COLORS, "Grey")]
    order = _order_pattern(facts)
    owners = table.hand_owners()  # nothing moves while every colour is read
    for color in dict.fromkeys(colors):
        texts = table.readable(color, owners)
        if logs and logs.get(color):
            texts.append(logs[color])
        shown = table.dialog(color)
        own = "\n".join([shown.description, *shown.options]) if shown is not None else None
        # words marked as this colour's alone (its own log entries, told to it privately)
        public = [_unmarked(t, _marks(color)) for t in texts if t != own] if facts.public else []
        mine = facts.private.get(color, set())
        for owner, theirs in sorted(facts.private.items()):
            # a term the reader holds too ("1. Flank Deal SW" in two programs) proves nothing
            terms = theirs - mine
            hit = _first(_words(terms), texts) if owner != color and terms else None
            if hit:
                found.append(f"{color} can read {owner}'s secret {facts.secret}{hit}")
        for pattern in facts.public:
            hit = _first(pattern, public)
            if hit:
                found.append(f"{color} can read a hidden number: {hit}")
        others = facts.unsearchable - facts.private.get(color, set())
        hit = _first(_words(others), table.searchable(color)) if others else None
        if hit:
            found.append(f"{color} can search a container holding a hidden card: {hit}")
        if facts.no_container and color != "Grey":
            for thing in table._live():
                inside = {entry.get("GUID") for entry in thing.contents or []}
                if inside & facts.no_container:
                    found.append(f"{color} can search a container holding hidden cards "
                                 f"({thing.name or thing.guid})")  # fmt: skip
                    break
        hit = _first(order, texts) if order is not None else None
        if hit:
            found.append(f"{color} can read the {facts.deck}'s order: {hit}")
    return found


MARK = "[{color} only] "  # lua/glue/log.lua: a line one colour reads alone


@cache
def _marks(color: str) -> tuple[str, ...]:
    """The marks of `color`'s own lines in every language a table is built in."""
    from generator import i18n

    said = [MARK] + [i18n.words(i18n.FRAMEWORK, lang).get(MARK, MARK) for lang in i18n.languages()]
    return tuple(dict.fromkeys(m.replace("{color}", color).strip() for m in said))


def _unmarked(text: str, marks: tuple[str, ...]) -> str:
    r"""`text` without the lines marked as one colour's alone.

    A marked line is cut from the mark to its end; a UI dump writes a text's line breaks as
    the two characters \n.
    """
    if not any(mark in text for mark in marks):
        return text
    lines = re.split(r"\n|\\n", text)
    out = []
    for line in lines:
        for mark in marks:
            line = line.split(mark, 1)[0]
        out.append(line)
    return "\n".join(out)


class _Terms:
    """A pattern that first looks for its terms as plain text.

    A search of many alternatives is slow, and most texts hold none of them.
    """

    def __init__(self, pattern: re.Pattern[str], terms: set[str]) -> None:
        self.pattern, self.terms = pattern, tuple(sorted(terms))

    def search(self, text: str) -> re.Match[str] | None:
        if not any(t in text for t in self.terms):
            return None
        return self.pattern.search(text)


def _words(terms: set[str]) -> _Terms:
    return _Terms(re.compile(r"\b(" + "|".join(map(re.escape, sorted(terms))) + r")\b"), terms)


def _first(pattern: re.Pattern[str] | _Terms, texts: list[str]) -> str | None:
    """The first match of `pattern` in `texts`, with the text around it; None if none."""
    if not pattern.search("\n".join(texts)):  # the usual answer, in one search
        return None
    for text in texts:
        hit = pattern.search(text)
        if hit:
            return f"{hit.group(0)!r} in {text[max(0, hit.start() - 40) : hit.start() + 60]!r}"
    return None


def _order_pattern(facts: Facts) -> _Terms | None:
    upcoming = facts.upcoming
    if len(upcoming) < max(facts.order_run, facts.order_min):
        return None
    run = ["(?:" + "|".join(map(re.escape, sorted(terms))) + ")"
           for terms in upcoming[: facts.order_run]]  # fmt: skip
    return _Terms(re.compile(r"\b" + r"\W+".join(run) + r"\b"), upcoming[0])


class HandFacts:
    """A card game's hidden facts from its hands: each card in a hand, by name, its holder's.

    Left out: a card some other colour's view of the game has shown at any point along the
    record (it held the card before and handed it over; the card was shown to all). `hands`
    gives each colour's card ids in a state; `name` a card id's words. Called at every answer,
    it replays only the actions added since its last call (a rewind starts again).
    """

    def __init__(self, hands: Any, name: Any) -> None:
        self.hands, self.name = hands, name
        self._setup: Any = None
        self._engine: Any = None
        self._actions: list[Any] = []
        self._state: Any = None
        self._seen: dict[str, set[str]] = {}

    def _look(self, engine: Any, s: Any, colors: list[str]) -> None:
        for c in colors:
            self._seen.setdefault(c, set()).update(_strings(engine.view(s, c)))

    def __call__(self, engine: Any, saved: Any, state: Any, _shown: Any = None) -> Facts:
        """The facts now, as a game's playtest hooks give them (`Hooks.facts`)."""
        facts = Facts(secret="card ")
        if saved is None or state is None or "actions" not in saved:
            return facts
        actions = saved["actions"]
        colors = list(self.hands(engine, state))
        ours = actions[: len(self._actions)] == self._actions
        if (engine, saved["setup"]) != (self._engine, self._setup) or not ours:
            self._engine, self._setup, self._actions, self._seen = engine, saved["setup"], [], {}
            self._state = engine.new_game(saved["setup"])
            self._look(engine, self._state, colors)
        for action in actions[len(self._actions) :]:
            self._state = engine.apply(self._state, action)
            self._actions.append(action)
            self._look(engine, self._state, colors)
        for color, ids in self.hands(engine, state).items():
            others = set().union(*(v for c, v in self._seen.items() if c != color))
            facts.private[color] = {self.name(engine, c) for c in ids if c not in others}
        return facts


def _strings(value: Any) -> set[str]:
    """Every string in a JSON-like value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*map(_strings, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(_strings, value)) if value else set()
    return set()
