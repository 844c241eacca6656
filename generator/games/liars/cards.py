"""Liar's Dice card data: one file of game constants, read as it is by both engines."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.cards.yamlfile import YamlDoc

GAME = "liars"
FILES = ("game",)  # each has schemas/liars/<name>.schema.json
CHECKS: list[Any] = []  # one file: nothing to cross-check


@dataclass(frozen=True)
class LiarsData:
    """Validated Liar's Dice data: `plain` is what both engines read."""

    plain: dict[str, Any]

    def summary(self) -> str:
        """One line for `ttsmod validate`."""
        g = self.plain["game"]
        return (
            f"liars: {g['players']['min']}-{g['players']['max']} players, {g['dice']} dice "
            f"of {g['faces']} faces each"
        )


def build(docs: dict[str, YamlDoc]) -> LiarsData:
    """The typed data of validated documents."""
    return LiarsData({name: doc.data for name, doc in docs.items()})
