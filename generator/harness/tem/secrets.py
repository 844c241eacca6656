"""Secrets at the Tiny Epic Mechs table: what no colour may read of another's hidden facts.

The hidden facts (the rules contract): each player's two dealt pilots until everyone has
kept one (and the one not kept, for ever); the cards a player has programmed and not yet
revealed; every mine's number; the order of the weapon deck. `leaks(table, facts)` reads
everything each colour can read at the headless table (`Table.readable`: its view of the
UI, its chat, its own dialog, the notebook, the names and descriptions of the objects it
can see, what it could search) and names every hidden fact found there. Black sees every
hand by TTS's design, so it is not checked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from generator.harness.tts.emulator import SEAT_COLORS

# How many of the next weapons, in order, make the deck's order readable, and the fewest
# cards the deck must hold for the check: the table's deck lies in a random order (shuffled
# again after the game read its order), so a run of 5 matches by chance once in 6,720
# arrangements of 8 cards; a smaller deck would match by chance too often to tell.
ORDER_RUN = 5
ORDER_DECK = 8
MINE = re.compile(r"\bmine [0-9]+\b")


@dataclass
class Facts:
    """Per colour, the terms only that colour may read; the weapon deck's next cards."""

    private: dict[str, set[str]] = field(default_factory=dict)
    upcoming: list[str] = field(default_factory=list)
    pilot_cards: set[str] = field(default_factory=set)  # GUIDs no container may hold


def names_of(engine: Any) -> dict[str, str]:
    """Every card id -> its name."""
    d = engine.d
    cards = [*d["zones"], *d["bases"], d["mech_zone"], *d["basic"], *d["advanced"]]
    cards += [*d["pilots"], *d["sides"], *d["programs"]]
    return {c["id"]: c["name"] for c in cards}


def facts_of(state: dict[str, Any], engine: Any, shown: dict[str, Any] | None = None) -> Facts:
    """The hidden facts of a game's full state.

    `shown`: the public view the table shows (an action part way through may have revealed
    a program card the state does not yet hold as played).
    """
    from generator.tts.tem.layout import layout

    names = names_of(engine)
    pilots = set(layout(engine.d)["guids"]["pilots"].values())
    facts = Facts(upcoming=[names[w] for w in state["deck"]], pilot_cards=pilots)
    played = {q["color"]: set(q["played"]) for q in (shown or state)["players"]}
    for p in state["players"]:
        terms = {names[q] for q in p["dealt"] if q != p["pilot"]}
        revealed = set(p["played"]) | played[p["color"]]
        terms |= {f"{p['color']} program: {names[x['card']]}" for x in p["program"]
                  if x["card"] not in revealed}  # fmt: skip
        facts.private[p["color"]] = terms
    return facts


def leaks(table: Any, facts: Facts) -> list[str]:
    """Every hidden fact some colour other than its owner can read now, as readable lines."""
    found = []
    colors = [c for c in (*table.seated(), "Grey") if c in (*SEAT_COLORS, "Grey")]
    for color in dict.fromkeys(colors):
        texts = table.readable(color)
        shown = table.dialog(color)
        own = "\n".join([shown.description, *shown.options]) if shown is not None else None
        public = [t for t in texts if t != own]
        for owner, terms in sorted(facts.private.items()):
            if owner == color or not terms:
                continue
            hit = _first(_words(terms), texts)
            if hit:
                found.append(f"{color} can read {owner}'s secret {hit}")
        hit = _first(MINE, public)
        if hit:
            found.append(f"{color} can read a mine's number: {hit}")
        # A Search shows a container's card faces, which no text says: once pilots are
        # dealt, no container may hold a pilot card (the undealt would narrow a rival's two).
        if facts.pilot_cards and color != "Grey":
            for thing in table._live():
                inside = {entry.get("GUID") for entry in thing.contents or []}
                if inside & facts.pilot_cards:
                    found.append(f"{color} can search a container holding pilot cards "
                                 f"({thing.name or thing.guid})")  # fmt: skip
                    break
        if len(facts.upcoming) >= ORDER_DECK:
            run = r"\W+".join(re.escape(n) for n in facts.upcoming[:ORDER_RUN])
            hit = _first(re.compile(run), texts)
            if hit:
                found.append(f"{color} can read the weapon deck's order: {hit}")
    return found


def _words(terms: set[str]) -> re.Pattern[str]:
    return re.compile(r"\b(" + "|".join(map(re.escape, sorted(terms))) + r")\b")


def _first(pattern: re.Pattern[str], texts: list[str]) -> str | None:
    for text in texts:
        hit = pattern.search(text)
        if hit:
            return f"{hit.group(0)!r} in {text[max(0, hit.start() - 40) : hit.start() + 60]!r}"
    return None
