"""Go Fish card data: one file of game constants, read as it is by both engines."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from generator.cards.yamlfile import YamlDoc
from generator.problems import Problem

GAME = "gofish"
FILES = ("game",)  # each has schemas/gofish/<name>.schema.json


def words(docs: dict[str, YamlDoc]) -> Iterator[Problem]:
    """Every rank and suit has its words, every player count its hand, a book its suits."""
    g = docs["game"].data
    for kind in ("rank", "suit"):
        for k in g[kind + "s"]:
            if f"{kind}_{k}" not in g["units"]:
                add = f"add {kind}_{k}: {{one: ..., other: ...}}"
                yield docs["game"].problem("/units", "UNITS", f"no words for {kind} {k}: {add}")
    for n in range(g["players"]["min"], g["players"]["max"] + 1):
        if str(n) not in g["hand"]:
            yield docs["game"].problem("/hand", "HAND", f"no hand size for {n} players")
    if g["book"] != len(g["suits"]):
        yield docs["game"].problem("/book", "BOOK", f"a book of {g['book']} cards, but a rank "
                                   f"has {len(g['suits'])} (one a suit)")  # fmt: skip


CHECKS: list[Any] = [(("game",), words)]


@dataclass(frozen=True)
class GoFishData:
    """Validated Go Fish data: `plain` is what both engines read."""

    plain: dict[str, Any]

    def summary(self) -> str:
        """One line for `ttsmod validate`."""
        g = self.plain["game"]
        return (f"gofish: {g['players']['min']}-{g['players']['max']} players, a deck of "
                f"{len(g['ranks']) * len(g['suits'])} cards")  # fmt: skip


def build(docs: dict[str, YamlDoc]) -> GoFishData:
    """The typed data of validated documents."""
    return GoFishData({name: doc.data for name, doc in docs.items()})
