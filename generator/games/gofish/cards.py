"""Go Fish card data: one file, game.yaml, read as it is by both engines (cards.PlainData)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from generator.cards.yamlfile import YamlDoc
from generator.problems import Problem


def words(docs: dict[str, YamlDoc]) -> Iterator[Problem]:
    """Every rank and suit has its words, every player count its hand."""
    g = docs["game"].data
    for kind in ("rank", "suit"):
        for k in g[kind + "s"]:
            if f"{kind}_{k}" not in g["units"]:
                add = f"add {kind}_{k}: {{one: ..., other: ...}}"
                yield docs["game"].problem("/units", "UNITS", f"no words for {kind} {k}: {add}")
    for n in range(g["players"]["min"], g["players"]["max"] + 1):
        if str(n) not in g["hand"]:
            yield docs["game"].problem("/hand", "HAND", f"no hand size for {n} players")


CHECKS: list[Any] = [(("game",), words)]
