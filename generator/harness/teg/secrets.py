"""Secrets at the table: what no colour may read of another player's hidden facts.

A game's hidden facts are each player's secret missions (the two dealt, then the one kept),
which missions are in play at all (a search of a deck holding the others would narrow a
rival's down), and the order the planet deck will be dealt in. `leaks(table, facts)` reads
everything each colour can read at the headless table (`Table.readable`: its view of the
UI, its chat, the notebook pages it may open, the names and descriptions of the objects it
can see, the contents of the containers it could search) and names every hidden fact found
there. Black, the game master, sees every hand by TTS's design (the table warns at Start),
so it is not checked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from generator.harness.tts.emulator import SEAT_COLORS

# How many of the next planets, in order, make the deck's order readable.
ORDER_RUN = 5


@dataclass
class Facts:
    """Hidden facts: per colour, the terms only that colour may read; and the deck's order."""

    private: dict[str, set[str]] = field(default_factory=dict)
    missions: set[str] = field(default_factory=set)  # every mission's id and name
    upcoming: list[set[str]] = field(default_factory=list)  # the next planets (id, name), in order


def facts_of(
    saved: dict[str, Any], state: dict[str, Any] | None, names: dict[str, str], missions: set[str]
) -> Facts:
    """The hidden facts of a table now.

    `saved` is what its onSave returned (the deal being chosen, or the record), `state` the
    game's state (for the deck still to deal), `names` maps mission and planet ids to their
    names, `missions` holds every mission's id.
    """
    facts = Facts(missions={t for i, n in names.items() if i in missions for t in (i, n)})
    dealing = saved.get("dealing")
    if dealing is not None:
        for color, offer in dealing["offers"].items():
            facts.private[color] = _terms(offer, names)
        deck = dealing["deck"]
    else:
        for color, mission in saved["setup"]["missions"].items():
            facts.private[color] = _terms([mission], names)
        deck = state["deck"] if state else []
    facts.upcoming = [_terms([p], names) for p in deck]
    return facts


def _terms(ids: list[str], names: dict[str, str]) -> set[str]:
    return {t for i in ids for t in (i, names.get(i, i))}


def leaks(table: Any, facts: Facts) -> list[str]:
    """Every hidden fact some colour other than its owner can read now, as readable lines."""
    found = []
    colors = [c for c in (*table.seated(), "Grey") if c in (*SEAT_COLORS, "Grey")]
    order = _order_pattern(facts.upcoming)
    for color in dict.fromkeys(colors):
        texts = table.readable(color)
        for owner, terms in sorted(facts.private.items()):
            hit = _first(_words(terms), texts) if owner != color else None
            if hit:
                found.append(f"{color} can read {owner}'s secret mission {hit}")
        # Once missions are dealt, no container may hold one (but the reader's own): a
        # search would tell which are in play, and so narrow down a rival's.
        if facts.private:
            others = facts.missions - facts.private.get(color, set())
            hit = _first(_words(others), table.searchable(color))
            if hit:
                found.append(f"{color} can search a container holding a mission: {hit}")
        hit = _first(order, texts) if order is not None else None
        if hit:
            found.append(f"{color} can read the planet deck's order: {hit}")
    return found


def _words(terms: set[str]) -> re.Pattern[str]:
    return re.compile(r"\b(" + "|".join(map(re.escape, sorted(terms))) + r")\b")


def _first(pattern: re.Pattern[str], texts: list[str]) -> str | None:
    """The first match of `pattern` in `texts`, with the text around it; None if none."""
    for text in texts:
        hit = pattern.search(text)
        if hit:
            return f"{hit.group(0)!r} in {text[max(0, hit.start() - 40) : hit.start() + 60]!r}"
    return None


def _order_pattern(upcoming: list[set[str]]) -> re.Pattern[str] | None:
    if len(upcoming) < ORDER_RUN:
        return None
    run = ["(?:" + "|".join(map(re.escape, sorted(terms))) + ")" for terms in upcoming[:ORDER_RUN]]
    return re.compile(r"\b" + r"\W+".join(run) + r"\b")
